import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CommentsSection } from '../../features/comments/index.ts';
import { useVideo } from '../../features/videos/api/videos.ts';
import { VideoDetails } from '../../features/videos/components/video-details.tsx';
import { isServerFailure, LoadFailed } from '../../components/load-failed.tsx';
import { FullPageSpinner } from '../layout/spinner.tsx';

export function VideoPage() {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const { data, isLoading, error, refetch } = useVideo(videoId);
  if (isLoading) return <FullPageSpinner />;
  if (!data && isServerFailure(error)) return <LoadFailed testId="video-load-failed" onRetry={() => void refetch()} />;
  if (!data) {
    return (
      <section className="page centered-page" data-testid="video-not-found">
        <h1>{t('videos.notFoundTitle')}</h1>
        <p>{t('videos.notFoundBody')}</p>
        <Link className="button" to="/">
          {t('common.goHome')}
        </Link>
      </section>
    );
  }
  return (
    <section className="page">
      <VideoDetails video={data} />
      <CommentsSection kind="video" id={data.id} count={data.comment_count} />
    </section>
  );
}
