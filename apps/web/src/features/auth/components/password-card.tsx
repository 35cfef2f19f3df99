import { ChangePasswordRequestSchema, PasswordLimits } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useChangePassword } from '../api/email-account.ts';

/** Changes the password with the current one: other devices are signed out, this one stays. */
export function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ChangePasswordRequestSchema.safeParse({ current_password: current, new_password: next });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    change.mutateAsync(parsed.data).then(
      () => {
        notify('success', t('account.passwordChanged'));
        setCurrent('');
        setNext('');
      },
      () => undefined, // shown from change.error
    );
  }

  const error = invalid ? t('auth.passwordTooShort', { min: PasswordLimits.min }) : change.error?.message;
  return (
    <div className="card">
      <h2>{t('account.passwordTitle')}</h2>
      <form className="form" onSubmit={submit} noValidate data-testid="password-form">
        <label>
          {t('account.currentPassword')}
          <input
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </label>
        <label>
          {t('account.newPassword')}
          <input
            type="password"
            name="new-password"
            autoComplete="new-password"
            minLength={PasswordLimits.min}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={change.isPending || !current || !next}>
          {t('account.changePassword')}
        </button>
      </form>
    </div>
  );
}
