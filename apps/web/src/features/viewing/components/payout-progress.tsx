import { type ViewerEarnings } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Progress toward the monthly payout threshold (capped at 100 %), the payout button once it is reached, and what still waits for funds. */
export function PayoutProgress({ e, onRequest }: { e: ViewerEarnings; onRequest(): void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const percent = Math.min(100, Math.max(0, e.progress_to_payout));
  const ready = e.amount_needed_for_payout <= 0;
  return (
    <section className="card payout-progress" data-testid="payout-progress">
      <div className="section-head">
        <h2>{t('earnings.progress.title')}</h2>
        <button type="button" className="button" disabled={!ready} onClick={onRequest} data-testid="open-payout">
          {t('earnings.progress.request')}
        </button>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('earnings.progress.title')}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
        <span>{format.percent(percent, 1)}</span>
      </div>
      <p className="muted">
        {t('earnings.progress.of', {
          amount: format.inr(e.total_monthly_earnings),
          threshold: format.inr(e.payout_threshold),
        })}{' '}
        ·{' '}
        {ready
          ? t('earnings.progress.ready')
          : t('earnings.progress.needed', { amount: format.inr(e.amount_needed_for_payout) })}
      </p>
      {e.pending_payouts > 0 && (
        <p className="notice notice-inline">
          {t('earnings.progress.pending', { amount: format.inr(e.pending_payouts) })}
        </p>
      )}
      {/* earned but not yet funded by ad money: shown apart, so the balance above never promises more than is there */}
      {e.pending_earnings > 0 && (
        <p className="notice notice-inline" data-testid="pending-earnings">
          {t('earnings.progress.awaitingFunds', { amount: format.inr(e.pending_earnings) })}
        </p>
      )}
    </section>
  );
}
