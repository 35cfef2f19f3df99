import { PasswordLimits, ResetPasswordRequestSchema } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { useResetPassword } from '../api/email-account.ts';
import { PasswordField } from './password-field.tsx';

/** Chooses a new password from a reset link; success signs in (every other session has ended). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const reset = useResetPassword();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ResetPasswordRequestSchema.safeParse({ token, password });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    reset.mutateAsync(parsed.data).then(
      () => {
        notify('success', t('account.passwordChanged'));
        void navigate('/', { replace: true });
      },
      () => undefined, // shown from reset.error
    );
  }

  const error = invalid ? t('auth.passwordTooShort', { min: PasswordLimits.min }) : reset.error?.message;
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="reset-form">
      <PasswordField
        label={t('account.newPassword')}
        name="new-password"
        value={password}
        onChange={setPassword}
        isNew
      />
      {error && (
        <p className="form-error" role="alert" data-testid="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={reset.isPending}>
        {reset.isPending ? t('auth.working') : t('account.resetSubmit')}
      </button>
      {reset.error && <Link to="/forgot-password">{t('account.newLink')}</Link>}
    </form>
  );
}
