import { ChangePasswordRequestSchema, PasswordLimits } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useChangePassword } from '../api/email-account.ts';
import { PasswordField } from './password-field.tsx';

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
        <PasswordField
          label={t('account.currentPassword')}
          name="current-password"
          value={current}
          onChange={setCurrent}
        />
        <PasswordField label={t('account.newPassword')} name="new-password" value={next} onChange={setNext} isNew />
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
