import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStream } from '../../features/streams/api/streams.ts';
import { StreamViewer } from '../../features/streams/components/stream-viewer.tsx';
import { ApiError } from '../../lib/api.ts';
import { isServerFailure, LoadFailed } from '../../components/load-failed.tsx';
import { FullPageSpinner } from '../layout/spinner.tsx';
import { errorText } from '../../lib/error-text.ts';

/** /stream/{id}: the viewer, or 'Stream Not Found' with the server's message. */
export function StreamPage() {
  const { t } = useTranslation();
  const { streamId = '' } = useParams();
  const { data, isLoading, error, refetch } = useStream(streamId);
  if (isLoading) return <FullPageSpinner />;
  if (!data && isServerFailure(error)) return <LoadFailed testId="stream-load-failed" onRetry={() => void refetch()} />;
  if (!data) {
    const detail = error instanceof ApiError && error.status !== 404 ? errorText(error) : null;
    return (
      <section className="page centered-page" data-testid="stream-not-found">
        <h1>{t('live.notFoundTitle')}</h1>
        <p>{detail ?? t('live.notFoundBody')}</p>
        <Link className="button" to="/live">
          {t('live.backToLive')}
        </Link>
      </section>
    );
  }
  return (
    <section className="page">
      <StreamViewer stream={data} />
    </section>
  );
}
