import { ChangeEmailRequestSchema, type User } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useChangeEmail, useResendVerification } from '../api/email-account.ts';
import { PasswordField } from './password-field.tsx';
import { EmailField } from './email-field.tsx';

/** The account's address, whether it is verified, and changing it (the new one counts once verified). */
export function AccountEmailCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ChangeEmailRequestSchema.safeParse({ new_email: newEmail, password: password || undefined });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    change.mutateAsync(parsed.data).then(
      () => {
        notify('success', t('account.linkSent', { email: parsed.data.new_email }));
        setNewEmail('');
        setPassword('');
      },
      () => undefined, // shown from change.error
    );
  }

  const error = invalid ? t('auth.invalidEmail') : (change.error?.message ?? resend.error?.message);
  return (
    <div className="card" data-testid="email-card">
      <h2>{t('account.emailTitle')}</h2>
      {user.email ? (
        <p className="email-status">
          <span>{user.email}</span>{' '}
          <span
            className={user.email_verified ? 'email-badge email-badge-ok' : 'email-badge'}
            data-testid="email-status"
          >
            {t(user.email_verified ? 'account.verifiedBadge' : 'account.unverifiedBadge')}
          </span>
        </p>
      ) : (
        <p className="muted">{t('account.noEmail')}</p>
      )}
      {user.email && !user.email_verified && (
        <button
          type="button"
          className="button button-outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutateAsync().then(
              () => notify('success', t('account.linkSent', { email: user.email })),
              () => undefined,
            )
          }
          data-testid="resend-verification"
        >
          {t('account.resend')}
        </button>
      )}
      <form className="form email-change-form" onSubmit={submit} noValidate>
        <EmailField label={t('account.newEmail')} name="new-email" value={newEmail} onChange={setNewEmail} />
        {user.email && (
          <PasswordField
            label={t('account.currentPassword')}
            name="email-password"
            value={password}
            onChange={setPassword}
          />
        )}
        <p className="muted">{t('account.changeEmailHint')}</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={change.isPending || !newEmail.trim()}>
          {t('account.changeEmail')}
        </button>
      </form>
    </div>
  );
}
