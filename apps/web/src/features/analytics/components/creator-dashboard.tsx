import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreatorAnalytics } from '../api/analytics.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

// The chart and its library load with the first chart drawn, never with the pages that link here.
const CreatorChart = lazy(() => import('./creator-chart.tsx').then((m) => ({ default: m.CreatorChart })));

type Tab = 'overview' | 'content' | 'analytics' | 'revenue';
const TABS: Tab[] = ['overview', 'content', 'analytics', 'revenue'];
const AUDIENCE_GROWTH = 75; // the spec's fixed "Growing" bar

function Card({ label, value }: { label: string; value: string }) {
  return (
    <div className="card">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Bar({ label, percent }: { label: string; percent: number }) {
  const p = Math.max(0, Math.min(100, percent));
  return (
    <div className="bar-row">
      <span>{label}</span>
      <div className="bar" role="meter" aria-valuenow={p} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
        <div style={{ width: `${p}%` }} />
      </div>
    </div>
  );
}

function TopList({
  title,
  items,
  href,
  empty,
}: {
  title: string;
  items: Array<{ id: string; title: string; views: number }>;
  href: (id: string) => string;
  empty: string;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const max = Math.max(1, ...items.map((i) => i.views));
  return (
    <section className="card">
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="top-list">
          {items.map((i) => (
            <li key={i.id}>
              <bdi className="top-title">{i.title}</bdi>
              <span className="bar">
                <span style={{ width: `${(i.views / max) * 100}%` }} />
              </span>
              <span className="muted">{t('dashboard.viewsCount', { views: format.count(i.views) })}</span>
              <Link to={href(i.id)}>{t('dashboard.view')}</Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function CreatorDashboard() {
  const { t } = useTranslation();
  const format = useFormats();
  const [tab, setTab] = useState<Tab>('overview');
  const { data, isLoading, error, refetch } = useCreatorAnalytics();

  if (isLoading)
    return (
      <section className="page centered-page">
        <div className="spinner" />
        <p>{t('dashboard.loading')}</p>
      </section>
    );
  if (error || !data) {
    return (
      <section className="page">
        <div className="panel panel-error" role="alert">
          <p>{error ? errorText(error, 'dashboard.failed') : t('dashboard.failed')}</p>
          <button type="button" className="button" onClick={() => void refetch()}>
            {t('errors.tryAgain')}
          </button>
        </div>
      </section>
    );
  }
  const { overview: o, performance: p, revenue: r } = data;
  return (
    <section className="page dashboard-page">
      <h1>{t('pages.creatorDashboard')}</h1>
      <div className="tabs" role="tablist">
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="tab"
            onClick={() => setTab(id)}
          >
            {t(`dashboard.tabs.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'overview' && (
        <>
          <dl className="stats">
            <Card label={t('dashboard.totalViews')} value={format.count(o.total_views)} />
            <Card label={t('dashboard.totalContent')} value={format.count(o.total_content)} />
            <Card label={t('dashboard.engagement')} value={format.percent(o.engagement_rate, 1)} />
            <Card label={t('dashboard.tokensEarned')} value={format.tokens(o.total_tokens_earned)} />
          </dl>
          <Suspense fallback={<div className="spinner" />}>
            <CreatorChart />
          </Suspense>
          <div className="button-row">
            <Link className="button" to="/upload">
              {t('sidebar.upload')}
            </Link>
            <Link className="button button-secondary" to="/go-live">
              {t('sidebar.goLive')}
            </Link>
            <Link className="button button-secondary" to="/clip-creator">
              {t('sidebar.clipCreator')}
            </Link>
            <span className="button button-secondary" aria-disabled="true">
              {t('dashboard.createNfts')}
            </span>
          </div>
          <div className="two-columns">
            <TopList
              title={t('dashboard.topVideos')}
              items={p.top_videos}
              href={(id) => `/video/${id}`}
              empty={t('dashboard.noVideos')}
            />
            <TopList
              title={t('dashboard.topClips')}
              items={p.top_clips}
              href={(id) => `/clips/${id}`}
              empty={t('dashboard.noClips')}
            />
          </div>
        </>
      )}
      {tab === 'content' && (
        <dl className="stats">
          <div className="card">
            <dt>{t('dashboard.videos')}</dt>
            <dd>{o.total_videos}</dd>
            <Link to="/upload">{t('sidebar.upload')}</Link>
          </div>
          <div className="card">
            <dt>{t('dashboard.clips')}</dt>
            <dd>{o.total_clips}</dd>
            <Link to="/clip-creator">{t('sidebar.clipCreator')}</Link>
          </div>
          <div className="card">
            <dt>{t('dashboard.streams')}</dt>
            <dd>{o.total_streams}</dd>
            <Link to="/go-live">{t('sidebar.goLive')}</Link>
          </div>
          <div className="card">
            <dt>{t('dashboard.manage')}</dt>
            <dd>
              <span className="flip-in-rtl" aria-hidden="true">
                →
              </span>
            </dd>
            <Link to="/profile">{t('dashboard.manageLink')}</Link>
          </div>
        </dl>
      )}
      {tab === 'analytics' && (
        <>
          <dl className="stats">
            <Card
              label={t('dashboard.totalViews')}
              value={`${format.count(o.total_views)} (${t('dashboard.recent', { views: format.count(p.recent_views_30d) })})`}
            />
            <Card
              label={t('dashboard.totalLikes')}
              value={`${format.count(o.total_likes)} (${format.percent(o.engagement_rate, 1)})`}
            />
            <Card label={t('dashboard.totalComments')} value={format.count(o.total_comments)} />
          </dl>
          <section className="card">
            <Bar label={t('dashboard.engagement')} percent={o.engagement_rate} />
            <Bar label={t('dashboard.growth')} percent={AUDIENCE_GROWTH} />
          </section>
        </>
      )}
      {tab === 'revenue' && (
        <>
          <dl className="stats">
            <Card label={t('dashboard.totalEarned')} value={format.tokens(r.total_earned)} />
            <Card label={t('dashboard.avgPerVideo')} value={format.tokens(r.avg_per_video)} />
            <Card label={t('dashboard.estimatedMonthly')} value={format.tokens(r.estimated_monthly)} />
          </dl>
          <section className="card">
            <h2>{t('dashboard.tipsTitle')}</h2>
            <ul>
              <li>{t('profile.tip1')}</li>
              <li>{t('profile.tip2')}</li>
              <li>{t('profile.tip3')}</li>
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
