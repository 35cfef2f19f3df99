import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

/** Where the password reset mail's link lands (`/reset-password?token=…`). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token');
  return (
    <section className="page auth-page">
      <div className="card auth-card">
        <h1>{t('account.resetTitle')}</h1>
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <div className="form">
            <p className="form-error">{t('account.noToken')}</p>
            <Link to="/forgot-password">{t('account.newLink')}</Link>
          </div>
        )}
      </div>
    </section>
  );
}
