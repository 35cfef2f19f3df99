import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVerifyEmail } from '../api/email-account.ts';

/** Follows a verification link once on arrival (a link works once, so a second call would fail it). */
export function VerifyEmailStatus({ token }: { token: string }) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess)
    return (
      <div className="form">
        <p className="notice notice-inline" role="status" data-testid="verify-done">
          {t('account.verified', { email: verify.data.email ?? '' })}
        </p>
        <Link to="/" className="button">
          {t('account.continue')}
        </Link>
      </div>
    );
  if (verify.isError)
    return (
      <div className="form">
        <p className="form-error" role="alert" data-testid="verify-failed">
          {verify.error.message}
        </p>
        <Link to="/settings">{t('account.newLink')}</Link>
      </div>
    );
  return <p role="status">{t('account.verifying')}</p>;
}
