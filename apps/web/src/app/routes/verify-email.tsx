import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VerifyEmailStatus } from '../../features/auth/components/verify-email-status.tsx';

/** Where the address verification mail's link lands (`/verify-email?token=…`). */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token');
  return (
    <section className="page auth-page">
      <div className="card auth-card">
        <h1>{t('account.verifyTitle')}</h1>
        {token ? <VerifyEmailStatus token={token} /> : <p className="form-error">{t('account.noToken')}</p>}
      </div>
    </section>
  );
}
