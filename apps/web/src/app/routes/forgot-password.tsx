import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <section className="page auth-page">
      <div className="card auth-card">
        <h1>{t('account.forgotTitle')}</h1>
        <ForgotPasswordForm />
      </div>
    </section>
  );
}
