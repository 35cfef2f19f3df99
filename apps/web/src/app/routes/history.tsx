import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { useHistoryPages } from '../../features/history/api/history.ts';
import { HistoryControls } from '../../features/history/components/history-controls.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';
import { session } from '../../lib/session/session-store.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';

/** `/history`: the videos the user watched, newest first, each with how much of it they saw. */
export function HistoryPage() {
  const { t } = useTranslation();
  const signedIn = session.use((s) => s.isAuthenticated);
  const history = useHistoryPages(signedIn);
  if (!signedIn) return <SignInPrompt icon="↺" title="history.signInTitle" body="history.signInBody" />;
  const list = history.list;
  return (
    <section className="page history-page">
      <div className="history-head">
        <h1>{t('history.title')}</h1>
        {list && <HistoryControls paused={list.paused} hasEntries={list.videos.length > 0} />}
      </div>
      <VideoGrid
        videos={list?.videos}
        progress={list?.progress}
        isLoading={history.isPending}
        error={history.error}
        onRetry={() => void history.refetch()}
        empty={
          <div className="panel empty-state" data-testid="history-empty">
            <div className="prompt-icon" aria-hidden="true">
              ↺
            </div>
            <h2>{t('history.emptyTitle')}</h2>
            <p>{t(list?.paused ? 'history.emptyPaused' : 'history.emptyBody')}</p>
            <Link className="button" to="/">
              {t('history.browse')}
            </Link>
          </div>
        }
        more={
          <LoadMore
            name="history"
            hasMore={history.hasNextPage}
            loading={history.isFetchingNextPage}
            onLoadMore={() => void history.fetchNextPage()}
          />
        }
      />
    </section>
  );
}
