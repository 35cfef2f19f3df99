import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFeedPages } from '../../features/videos/api/videos.ts';
import { EmptyFeed } from '../../features/videos/components/empty-feed.tsx';
import { FeedMore } from '../../features/videos/components/feed-more.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const feed = useFeedPages({ q, limit: 24 }, q !== '');
  return (
    <section className="page">
      <h1>{t('videos.resultsFor', { q })}</h1>
      <VideoGrid
        videos={q ? feed.videos : []}
        isLoading={!!q && feed.isLoading}
        error={feed.error}
        onRetry={() => void feed.refetch()}
        empty={<EmptyFeed message={t('videos.noResults', { q })} />}
        more={<FeedMore feed={feed} />}
      />
    </section>
  );
}
