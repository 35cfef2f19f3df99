import type { Video } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid, CardSkeletons } from '../../../components/card-grid.tsx';
import { VideoCard } from './video-card.tsx';
import { errorText } from '../../../lib/error-text.ts';

interface Props {
  videos: Video[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry(): void;
  empty: ReactNode;
  /** cards shown among the videos (sponsored cards), after the first row */
  extra?: ReactNode;
  /** under the cards: the next page (LoadMore) */
  more?: ReactNode;
  /** per video id, the share of it watched (0–1): a bar under its picture */
  progress?: Map<string, number>;
}

const EXTRA_AFTER = 3;
/** the cards a first screen can show (one on a phone, up to two rows on a wide screen): their pictures load at once */
const ON_FIRST_SCREEN = 6;

/** Loading skeletons, the error panel, the empty state or the cards. */
export function VideoGrid({ videos, isLoading, error, onRetry, empty, extra, more, progress }: Props) {
  const { t } = useTranslation();
  if (isLoading) return <CardSkeletons />;
  if (error) {
    return (
      <div className="panel panel-error" role="alert">
        <h2>{t('videos.loadFailed')}</h2>
        <p>{errorText(error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('errors.tryAgain')}
        </button>
      </div>
    );
  }
  if (!videos || videos.length === 0) return <>{empty}</>;
  return (
    <>
      <CardGrid>
        {videos.slice(0, EXTRA_AFTER).map((v, i) => (
          <VideoCard key={v.id} video={v} loading={i === 0 ? 'first' : 'eager'} progress={progress?.get(v.id)} />
        ))}
        {extra}
        {videos.slice(EXTRA_AFTER).map((v, i) => (
          <VideoCard
            key={v.id}
            video={v}
            loading={i + EXTRA_AFTER < ON_FIRST_SCREEN ? 'eager' : 'lazy'}
            progress={progress?.get(v.id)}
          />
        ))}
      </CardGrid>
      {more}
    </>
  );
}
