import { CategoryShares, EarningCategories, type ViewerEarnings } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** What was earned in each category (lifetime), with the share of the viewer pool that funds it, and payouts. */
export function EarningsBreakdown({ e }: { e: ViewerEarnings }) {
  const { t } = useTranslation();
  const format = useFormats();
  const total = Math.max(
    0.01,
    EarningCategories.reduce((sum, c) => sum + e[`${c}_earnings`], 0),
  );
  return (
    <div className="two-columns">
      <section className="card" data-testid="earnings-breakdown">
        <h2>{t('earnings.breakdown.title')}</h2>
        <ul className="breakdown-list">
          {EarningCategories.map((c) => {
            const amount = e[`${c}_earnings`];
            return (
              <li key={c} data-testid={`breakdown-${c}`}>
                <div className="breakdown-row">
                  <strong>{t(`earnings.categories.${c}`)}</strong>
                  <span className="breakdown-amount">{format.inr(amount)}</span>
                </div>
                <span className="bar" aria-hidden="true">
                  <span style={{ width: `${(amount / total) * 100}%` }} />
                </span>
                <span className="muted">{t('earnings.breakdown.share', { share: CategoryShares[c] })}</span>
              </li>
            );
          })}
        </ul>
        {e.creator_earnings > 0 && (
          <p className="breakdown-row">
            <span>{t('earnings.categories.creator')}</span>
            <span className="breakdown-amount">{format.inr(e.creator_earnings)}</span>
          </p>
        )}
      </section>
      <section className="card">
        <h2>{t('earnings.breakdown.activity')}</h2>
        <dl className="facts">
          <dt>{t('earnings.cards.engagements')}</dt>
          <dd>{e.engagements_made}</dd>
          <dt>{t('earnings.breakdown.qualityReviews')}</dt>
          <dd>{e.quality_reviews_given}</dd>
          <dt>{t('earnings.breakdown.referrals')}</dt>
          <dd>{e.referrals}</dd>
        </dl>
        <h2>{t('earnings.breakdown.payouts')}</h2>
        <dl className="facts">
          <dt>{t('earnings.breakdown.totalPaid')}</dt>
          <dd>{format.inr(e.total_payouts)}</dd>
          <dt>{t('earnings.breakdown.pending')}</dt>
          <dd>{format.inr(e.pending_payouts)}</dd>
          <dt>{t('earnings.breakdown.lastPayout')}</dt>
          <dd>
            {e.last_payout_amount !== null && e.last_payout_date
              ? t('earnings.breakdown.lastPayoutValue', {
                  amount: format.inr(e.last_payout_amount),
                  date: format.date(e.last_payout_date),
                })
              : t('earnings.breakdown.none')}
          </dd>
        </dl>
      </section>
    </div>
  );
}
