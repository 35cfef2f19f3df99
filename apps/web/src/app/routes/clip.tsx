import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClip } from '../../features/clips/api/clips.ts';
import { CommentsSection } from '../../features/comments/index.ts';
import { ClipDetails } from '../../features/clips/components/clip-details.tsx';
import { ApiError } from '../../lib/api.ts';
import { isServerFailure, LoadFailed } from '../../components/load-failed.tsx';
import { FullPageSpinner } from '../layout/spinner.tsx';
import { errorText } from '../../lib/error-text.ts';

export function ClipPage() {
  const { t } = useTranslation();
  const { clipId = '' } = useParams();
  const { data, isLoading, error, refetch } = useClip(clipId);
  if (isLoading) return <FullPageSpinner />;
  if (!data && isServerFailure(error)) return <LoadFailed testId="clip-load-failed" onRetry={() => void refetch()} />;
  if (!data) {
    // A missing clip reads the spec's sentence; any other failure shows the server's message.
    const message = error instanceof ApiError && error.status !== 404 ? errorText(error) : t('clips.notFoundBody');
    return (
      <section className="page centered-page" data-testid="clip-not-found">
        <h1>{t('clips.notFoundTitle')}</h1>
        <p>{message}</p>
        <Link className="button" to="/clips">
          {t('clips.backToClips')}
        </Link>
      </section>
    );
  }
  return (
    <section className="page">
      <ClipDetails clip={data} />
      <CommentsSection kind="clip" id={data.id} count={data.comment_count} />
    </section>
  );
}
