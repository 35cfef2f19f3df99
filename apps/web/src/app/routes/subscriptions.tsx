import { useTranslation } from 'react-i18next';
import { session } from '../../lib/session/session-store.ts';
import { useSubscriptionFeed } from '../../features/videos/api/videos.ts';
import { EmptyFeed } from '../../features/videos/components/empty-feed.tsx';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

export function SubscriptionsPage() {
  const { t } = useTranslation();
  const signedIn = session.use((s) => s.isAuthenticated);
  const feed = useSubscriptionFeed(signedIn);
  if (!signedIn) return <SignInPrompt icon="▤" title="feeds.subscriptionsPrompt" body="feeds.subscriptionsBody" />;
  return (
    <section className="page">
      <h1>{t('pages.subscriptions')}</h1>
      <VideoGrid
        videos={feed.data}
        isLoading={feed.isLoading}
        error={feed.error}
        onRetry={() => void feed.refetch()}
        empty={<EmptyFeed message={t('videos.noSubscriptions')} />}
      />
    </section>
  );
}
