import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useEarnings, useViewingHistory } from '../api/earnings.ts';
import { EarningsBreakdown } from './earnings-breakdown.tsx';
import { EarningsGuide } from './earnings-guide.tsx';
import { PayoutDialog } from './payout-dialog.tsx';
import { PayoutProgress } from './payout-progress.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { ViewingHistory } from './viewing-history.tsx';
import './earnings.css';
import { useFormats } from '../../../lib/i18n/formatting.ts';

// The chart and its library load with the first chart drawn, never with the pages that link here.
const EarningsChart = lazy(() => import('./earnings-chart.tsx').then((m) => ({ default: m.EarningsChart })));

type Tab = 'breakdown' | 'history' | 'guide';
const TABS: Tab[] = ['breakdown', 'history', 'guide'];

/** The viewer earnings page for a signed-in viewer. */
export function EarningsDashboard() {
  const { t } = useTranslation();
  const format = useFormats();
  const [tab, setTab] = useState<Tab>('breakdown');
  const [payoutOpen, setPayoutOpen] = useState(false);
  const earnings = useEarnings(true);
  const history = useViewingHistory(true);

  if (earnings.isLoading)
    return (
      <section className="page centered-page">
        <div className="spinner" role="status" />
      </section>
    );
  if (!earnings.data) {
    console.error(earnings.error); // the spec: earnings failures are only logged
    return (
      <section className="page">
        <div className="panel">
          <p>{t('earnings.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void earnings.refetch()}>
            {t('errors.tryAgain')}
          </button>
        </div>
      </section>
    );
  }
  const e = earnings.data;
  const paidOut = () => {
    setPayoutOpen(false);
    notify('success', t('earnings.payout.success', { amount: format.inr(e.total_monthly_earnings) }));
  };

  return (
    <section className="page earnings-page">
      <h1>{t('earnings.title')}</h1>
      <p className="muted">{t('earnings.subtitle')}</p>
      <SummaryCards e={e} />
      <PayoutProgress e={e} onRequest={() => setPayoutOpen(true)} />
      <div className="tabs" role="tablist">
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="tab"
            onClick={() => setTab(id)}
            data-testid={`earnings-tab-${id}`}
          >
            {t(`earnings.tabs.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'breakdown' && (
        <>
          <Suspense fallback={<div className="spinner" />}>
            <EarningsChart />
          </Suspense>
          <EarningsBreakdown e={e} />
        </>
      )}
      {tab === 'history' && <ViewingHistory sessions={history.data} isLoading={history.isLoading} />}
      {tab === 'guide' && <EarningsGuide referralCode={e.referral_code} referrals={e.referrals} />}
      {payoutOpen && (
        <PayoutDialog amount={e.total_monthly_earnings} onClose={() => setPayoutOpen(false)} onSuccess={paidOut} />
      )}
    </section>
  );
}
