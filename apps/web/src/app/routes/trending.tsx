import { useTranslation } from 'react-i18next';
import { useFeedPages } from '../../features/videos/api/videos.ts';
import { EmptyFeed } from '../../features/videos/components/empty-feed.tsx';
import { FeedMore } from '../../features/videos/components/feed-more.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

export function TrendingPage() {
  const { t } = useTranslation();
  const feed = useFeedPages({ sort: 'views', limit: 24 });
  return (
    <section className="page">
      <h1>{t('pages.trending')}</h1>
      <VideoGrid
        videos={feed.videos}
        isLoading={feed.isLoading}
        error={feed.error}
        onRetry={() => void feed.refetch()}
        empty={<EmptyFeed />}
        more={<FeedMore feed={feed} />}
      />
    </section>
  );
}
