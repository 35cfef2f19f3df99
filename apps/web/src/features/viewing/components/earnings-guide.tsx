import { CategoryShares, EarningCategories, EarningsRules } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { ReferralCard } from './referral-card.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';

const TIPS = ['tip1', 'tip2', 'tip3', 'tip4', 'tip5'] as const;

/** How each category pays (rates from the shared rules), the watch rules, pro tips and the referral code. */
export function EarningsGuide({ referralCode, referrals }: { referralCode: string; referrals: number }) {
  const { t } = useTranslation();
  const format = useFormats();
  const r = EarningsRules;
  const rates: Record<(typeof EarningCategories)[number], string> = {
    watch_time: t('earnings.guide.rates.watch_time', {
      perMinute: format.rupees(r.watchPerMinute),
      percent: r.qualifyPercent,
    }),
    engagement: t('earnings.guide.rates.engagement', {
      like: format.rupees(r.engagement.like),
      tip: format.rupees(r.engagement.tip),
      chat: format.rupees(r.engagement.chat),
    }),
    discovery: t('earnings.guide.rates.discovery', {
      amount: format.rupees(r.discovery),
      watches: r.newCreatorWatches,
    }),
    quality_feedback: t('earnings.guide.rates.quality_feedback', { amount: format.rupees(r.rating) }),
    moderation: t('earnings.guide.rates.moderation', { amount: format.rupees(r.report), limit: r.reportDailyLimit }),
    referral: t('earnings.guide.rates.referral', { amount: format.rupees(r.referral) }),
  };
  return (
    <div className="earnings-guide" data-testid="earnings-guide">
      <section className="card">
        <h2>{t('earnings.guide.title')}</h2>
        <ol className="guide-list">
          {EarningCategories.map((c) => (
            <li key={c}>
              <strong>{t(`earnings.categories.${c}`)}</strong> <span className="status">{CategoryShares[c]}%</span>
              <p>{t(`earnings.guide.what.${c}`)}</p>
              <p className="muted">{rates[c]}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="two-columns">
        <section className="card">
          <h2>{t('earnings.guide.rulesTitle')}</h2>
          <ul>
            <li>{t('earnings.guide.rules.percent', { percent: r.qualifyPercent })}</li>
            <li>{t('earnings.guide.rules.activeTab')}</li>
            <li>{t('earnings.guide.rules.stars')}</li>
            <li>{t('earnings.guide.rules.oncePerDay')}</li>
            <li>{t('earnings.guide.rules.cap', { cap: format.rupees(r.dailyCap) })}</li>
            <li>{t('earnings.guide.rules.threshold', { threshold: format.rupees(r.payoutThreshold) })}</li>
          </ul>
        </section>
        <section className="card">
          <h2>{t('earnings.guide.tipsTitle')}</h2>
          <ul>
            {TIPS.map((tip) => (
              <li key={tip}>{t(`earnings.guide.tips.${tip}`)}</li>
            ))}
          </ul>
        </section>
      </div>
      <ReferralCard code={referralCode} referrals={referrals} />
    </div>
  );
}
