import { EarningsRules } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** The viewer's own referral code and a sign-up link carrying it. */
export function ReferralCard({ code, referrals }: { code: string; referrals: number }) {
  const { t } = useTranslation();
  const format = useFormats();
  const link = `${window.location.origin}/login?ref=${code}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify('success', t('earnings.referral.copied'));
    } catch {
      notify('error', t('videos.copyFailed'));
    }
  };
  return (
    <section className="card referral-card" data-testid="referral-card">
      <h2>{t('earnings.referral.title')}</h2>
      <p>{t('earnings.referral.body', { amount: format.rupees(EarningsRules.referral) })}</p>
      <p>
        {t('earnings.referral.code')}{' '}
        <code className="referral-code" data-testid="referral-code">
          {code}
        </code>
      </p>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {t('earnings.referral.copy')}
        </button>
        <span className="muted">{t('earnings.referral.count', { count: referrals })}</span>
      </div>
    </section>
  );
}
