import { ForgotPasswordRequestSchema } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgotPassword } from '../api/email-account.ts';
import { EmailField } from './email-field.tsx';

/** Asks for a reset link; the answer is the same whether the address has an account or not. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const forgot = useForgotPassword();
  const sentTo = forgot.isSuccess ? forgot.variables : null;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ForgotPasswordRequestSchema.safeParse({ email });
    setInvalid(!parsed.success);
    if (parsed.success) forgot.mutate(parsed.data.email);
  }

  if (sentTo)
    return (
      <div className="form">
        <p className="notice notice-inline" role="status" data-testid="forgot-sent">
          {t('account.forgotSent', { email: sentTo })}
        </p>
        <Link to="/login">{t('account.backToSignIn')}</Link>
      </div>
    );
  const error = invalid ? t('auth.invalidEmail') : forgot.error?.message;
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="forgot-form">
      <p className="muted">{t('account.forgotLead')}</p>
      <EmailField label={t('auth.email')} name="email" value={email} onChange={setEmail} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={forgot.isPending}>
        {forgot.isPending ? t('auth.working') : t('account.sendLink')}
      </button>
      <Link to="/login">{t('account.backToSignIn')}</Link>
    </form>
  );
}
