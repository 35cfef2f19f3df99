import type { Video } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoCard } from './video-card.tsx';

const SKELETONS = 8;

interface Props {
  videos: Video[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry(): void;
  empty: ReactNode;
  /** cards shown among the videos (sponsored cards), after the first row */
  extra?: ReactNode;
}

const EXTRA_AFTER = 3;

/** Loading skeletons, the error panel, the empty state or the cards. */
export function VideoGrid({ videos, isLoading, error, onRetry, empty, extra }: Props) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <div className="video-grid" aria-busy="true" data-testid="skeletons">
        {Array.from({ length: SKELETONS }, (_, i) => (
          <div key={i} className="video-card skeleton">
            <div className="thumb" />
            <div className="skeleton-line" />
            <div className="skeleton-line short" />
          </div>
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div className="panel panel-error" role="alert">
        <h2>{t('videos.loadFailed')}</h2>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('errors.tryAgain')}
        </button>
      </div>
    );
  }
  if (!videos || videos.length === 0) return <>{empty}</>;
  return (
    <div className="video-grid">
      {videos.slice(0, EXTRA_AFTER).map((v) => (
        <VideoCard key={v.id} video={v} />
      ))}
      {extra}
      {videos.slice(EXTRA_AFTER).map((v) => (
        <VideoCard key={v.id} video={v} />
      ))}
    </div>
  );
}
