import type { Video } from '@app/shared';
import { useEffect, useState, type ReactNode } from 'react';
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
/** how long the other pictures wait for the first one at most (a slow or stalled picture) */
const FIRST_PICTURE_WAIT_MS = 3000;

/**
 * Whether the other cards' pictures still wait for the first card's. The first card's picture is the
 * largest thing the feed paints: on a slow connection it gets the bandwidth to itself until it is on
 * the screen (or failed, or FIRST_PICTURE_WAIT_MS passed); the others are then asked for at once.
 * Only the grid's first pictures wait: once shown, later pages and other feeds load as they come.
 */
function useFirstPictureFirst(videos: Video[] | undefined) {
  const [shown, setShown] = useState(false);
  const waits = !shown && !!videos?.[0]?.thumbnail_url;
  useEffect(() => {
    if (!waits) return;
    const timer = setTimeout(() => setShown(true), FIRST_PICTURE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waits]);
  return { waits, shown: () => setShown(true) };
}

/** Loading skeletons, the error panel, the empty state or the cards. */
export function VideoGrid({ videos, isLoading, error, onRetry, empty, extra, more, progress }: Props) {
  const { t } = useTranslation();
  const first = useFirstPictureFirst(videos);
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
          <VideoCard
            key={v.id}
            video={v}
            loading={i === 0 ? 'first' : first.waits ? 'held' : 'eager'}
            onPictureShown={i === 0 ? first.shown : undefined}
            progress={progress?.get(v.id)}
          />
        ))}
        {extra}
        {videos.slice(EXTRA_AFTER).map((v, i) => (
          <VideoCard
            key={v.id}
            video={v}
            loading={first.waits ? 'held' : i + EXTRA_AFTER < ON_FIRST_SCREEN ? 'eager' : 'lazy'}
            progress={progress?.get(v.id)}
          />
        ))}
      </CardGrid>
      {more}
    </>
  );
}
