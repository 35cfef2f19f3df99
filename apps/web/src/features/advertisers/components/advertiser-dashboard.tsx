import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useAdvertiserDashboard, useCampaigns } from '../api/advertiser.ts';
import { AddFundsDialog } from './add-funds-dialog.tsx';
import { CampaignDialog } from './campaign-dialog.tsx';
import { CampaignList } from './campaign-list.tsx';
import { CreateAccountForm } from './create-account-form.tsx';
import { OverviewTab } from './overview-tab.tsx';
import './advertiser.css';
import { useFormats } from '../../../lib/i18n/formatting.ts';

// The chart and its library load with the first chart drawn, never with the pages that link here.
const CampaignChart = lazy(() => import('./campaign-chart.tsx').then((m) => ({ default: m.CampaignChart })));

type Tab = 'overview' | 'campaigns' | 'analytics';
type Dialog = 'funds' | 'campaign' | null;

function Stat({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="card" data-testid={`advertiser-stat-${id}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The advertiser dashboard: loading, no account (create form), or the account with its tabs. */
export function AdvertiserDashboard() {
  const { t } = useTranslation();
  const format = useFormats();
  const [tab, setTab] = useState<Tab>('overview');
  const [dialog, setDialog] = useState<Dialog>(null);
  const dashboard = useAdvertiserDashboard(true);
  const campaigns = useCampaigns(!!dashboard.data);

  if (dashboard.isLoading)
    return (
      <section className="page centered-page">
        <div className="spinner" role="status" aria-label={t('app.loading')} />
      </section>
    );
  if (dashboard.error) {
    console.error(dashboard.error); // the spec: dashboard failures are only logged
    return (
      <section className="page">
        <div className="panel">
          <p>{t('advertiser.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void dashboard.refetch()}>
            {t('errors.tryAgain')}
          </button>
        </div>
      </section>
    );
  }
  if (!dashboard.data) {
    return (
      <section className="page advertiser-page">
        <CreateAccountForm />
      </section>
    );
  }
  const { account, summary: s } = dashboard.data;
  const list = campaigns.data ?? [];
  const done = (message: string) => () => {
    setDialog(null);
    notify('success', message);
  };

  return (
    <section className="page advertiser-page" data-testid="advertiser-dashboard">
      <header className="advertiser-head">
        <div>
          <h1>{t('advertiser.title')}</h1>
          <p className="muted" dir="auto">
            {account.company_name}
          </p>
        </div>
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setDialog('funds')}
            data-testid="open-funds"
          >
            {t('advertiser.addFunds')}
          </button>
          <button type="button" className="button" onClick={() => setDialog('campaign')} data-testid="open-campaign">
            {t('advertiser.createCampaign')}
          </button>
        </div>
      </header>
      <dl className="stats advertiser-stats">
        <Stat id="balance" label={t('advertiser.stats.balance')} value={format.inr(s.account_balance)} />
        <Stat id="active" label={t('advertiser.stats.active')} value={format.number(s.active_campaigns)} />
        <Stat id="views" label={t('advertiser.stats.views')} value={format.count(s.total_views)} />
        <Stat id="ctr" label={t('advertiser.stats.ctr')} value={format.percent(s.avg_ctr, 2)} />
      </dl>
      <div className="tabs" role="tablist">
        {(['overview', 'campaigns', 'analytics'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="tab"
            onClick={() => setTab(id)}
            data-testid={`advertiser-tab-${id}`}
          >
            {id === 'campaigns' ? t('advertiser.tabs.campaigns', { count: list.length }) : t(`advertiser.tabs.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'overview' && (
        <OverviewTab
          data={dashboard.data}
          onCreate={() => setDialog('campaign')}
          onAddFunds={() => setDialog('funds')}
        />
      )}
      {tab === 'campaigns' &&
        (campaigns.isLoading ? (
          <div className="spinner" role="status" />
        ) : (
          <CampaignList campaigns={list} onCreate={() => setDialog('campaign')} />
        ))}
      {tab === 'analytics' && (
        <dl className="stats" data-testid="advertiser-analytics">
          <Stat
            id="impressions"
            label={t('advertiser.analytics.impressions')}
            value={format.count(s.total_impressions)}
          />
          <Stat id="clicks" label={t('advertiser.analytics.clicks')} value={format.count(s.total_clicks)} />
          <Stat id="rate" label={t('advertiser.analytics.ctr')} value={format.percent(s.avg_ctr, 2)} />
          <Stat id="spent" label={t('advertiser.analytics.spent')} value={format.inr(s.total_spent)} />
        </dl>
      )}
      {tab === 'analytics' && (
        <Suspense fallback={<div className="spinner" />}>
          <CampaignChart campaigns={list} />
        </Suspense>
      )}
      {dialog === 'funds' && (
        <AddFundsDialog
          balance={s.account_balance}
          onClose={() => setDialog(null)}
          onAdded={done(t('advertiser.funds.added'))}
        />
      )}
      {dialog === 'campaign' && (
        <CampaignDialog
          balance={s.account_balance}
          onClose={() => setDialog(null)}
          onCreated={done(t('advertiser.campaign.created'))}
        />
      )}
    </section>
  );
}
