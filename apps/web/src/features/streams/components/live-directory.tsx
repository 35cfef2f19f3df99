import { StreamCategories, type StreamCategory } from '@app/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session/session-store.ts';
import { useStreams, type StreamFilters, type StreamStatusFilter } from '../api/streams.ts';
import { LiveFilters } from './live-filters.tsx';
import { LiveStatsCard } from './live-stats-card.tsx';
import { CardGrid, CardSkeletons } from '../../../components/card-grid.tsx';
import { StreamCard } from './stream-card.tsx';
import { NoStreams } from './no-streams.tsx';

/** Filters live in the address (?status=&category=), so a filtered directory can be shared. */
function filtersFrom(params: URLSearchParams): StreamFilters {
  const status = params.get('status');
  const category = params.get('category');
  return {
    status: status === 'ended' || status === 'all' || status === 'scheduled' ? (status as StreamStatusFilter) : 'live',
    category: (StreamCategories as readonly string[]).includes(category ?? '')
      ? (category as StreamCategory)
      : undefined,
  };
}

function QuickActions() {
  const { t } = useTranslation();
  return (
    <nav className="quick-actions card" aria-label={t('live.quickActions')}>
      <Link to="/go-live" data-testid="quick-go-live">
        ◉ {t('live.goLive')}
      </Link>
      <Link to="/clips">✂ {t('live.browseClips')}</Link>
      <Link to="/upload">⇪ {t('live.uploadVideo')}</Link>
    </nav>
  );
}

/** The live directory /live. */
export function LiveDirectory() {
  const { t } = useTranslation();
  const signedIn = session.use((s) => s.isAuthenticated);
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const { data, isLoading, error } = useStreams(filters);

  useEffect(() => {
    if (error) notify('error', t('live.loadFailed'));
  }, [error, t]);

  const change = (next: StreamFilters) => {
    const search = new URLSearchParams();
    if (next.status !== 'live') search.set('status', next.status);
    if (next.category) search.set('category', next.category);
    setParams(search);
  };

  return (
    <div className="live-directory">
      <div className="live-head">
        <div>
          <h1>{t('live.title')}</h1>
          <p className="muted">{t('live.subtitle')}</p>
        </div>
        {signedIn ? (
          <Link className="button" to="/go-live" data-testid="go-live-button">
            ◉ {t('live.goLive')}
          </Link>
        ) : (
          <Link className="button" to="/login" data-testid="sign-in-to-stream">
            {t('live.signInToStream')}
          </Link>
        )}
      </div>
      <LiveStatsCard />
      <div className="live-directory-body">
        <div className="live-directory-main">
          <LiveFilters filters={filters} onChange={change} />
          {isLoading ? (
            <CardSkeletons variant="stream" />
          ) : !data || data.length === 0 ? (
            <NoStreams status={filters.status} category={filters.category} />
          ) : (
            <CardGrid variant="stream">
              {data.map((s) => (
                <StreamCard key={s.id} stream={s} />
              ))}
            </CardGrid>
          )}
        </div>
        <aside className="live-directory-side">
          <QuickActions />
          {signedIn && (
            <section className="card clips-cta" data-testid="clips-cta">
              <h2>{t('live.clipsCtaTitle')}</h2>
              <p className="muted">{t('live.clipsCtaBody')}</p>
              <div className="button-row">
                <Link className="button button-secondary button-small" to="/upload">
                  {t('live.uploadVideo')}
                </Link>
                <Link className="button button-secondary button-small" to="/live?status=ended">
                  {t('live.recordedStreams')}
                </Link>
              </div>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}
