import { useTranslation } from 'react-i18next';
import { useFeed } from '../../features/videos/api/videos.ts';
import { EmptyFeed } from '../../features/videos/components/empty-feed.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';

export function TrendingPage() {
  const { t } = useTranslation();
  const feed = useFeed({ sort: 'views', limit: 24 });
  return (
    <section className="page">
      <h1>{t('pages.trending')}</h1>
      <VideoGrid
        videos={feed.data}
        isLoading={feed.isLoading}
        error={feed.error}
        onRetry={() => void feed.refetch()}
        empty={<EmptyFeed />}
      />
    </section>
  );
}
