import { isStaff } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useVideo } from '../../features/videos/api/videos.ts';
import { DeleteVideo } from '../../features/videos/components/delete-video.tsx';
import { VideoEditForm } from '../../features/videos/components/video-edit-form.tsx';
import { isServerFailure, LoadFailed } from '../../components/load-failed.tsx';
import { session } from '../../lib/session/session-store.ts';
import { FullPageSpinner } from '../layout/spinner.tsx';

/**
 * The creator's edit page of one video. Staff may only delete someone else's video (moderation); anyone
 * else is told it is not theirs. The server checks both.
 */
export function VideoEditPage() {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const user = session.use((s) => s.user);
  const { data, isLoading, error, refetch } = useVideo(videoId);
  if (isLoading) return <FullPageSpinner />;
  if (!data && isServerFailure(error)) return <LoadFailed testId="video-load-failed" onRetry={() => void refetch()} />;
  const own = !!data && data.creator_id === user?.id;
  if (!data || (!own && !isStaff(user?.role))) {
    return (
      <section className="page centered-page" data-testid="video-edit-refused">
        <h1>{t('videoEdit.pageTitle')}</h1>
        <p>{t(data ? 'errors.codes.not_video_creator' : 'videos.notFoundBody')}</p>
        <Link className="button" to="/">
          {t('common.goHome')}
        </Link>
      </section>
    );
  }
  return (
    <section className="page video-edit-page">
      <h1>{t('videoEdit.pageTitle')}</h1>
      <p>
        <Link to={`/video/${data.id}`} dir="auto">
          {data.title}
        </Link>
      </p>
      {own ? <VideoEditForm key={data.id} video={data} /> : <DeleteVideo videoId={data.id} after="/" />}
    </section>
  );
}
