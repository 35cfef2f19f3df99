import { ClipDurations } from '@app/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { useClipPages, type ClipFilters } from '../api/clips.ts';
import { ClipFilterBar } from './clip-filters.tsx';
import { CardGrid, CardSkeletons } from '../../../components/card-grid.tsx';
import { ClipCard } from './clip-card.tsx';
import { NoClips } from './no-clips.tsx';
import { ClipStatsCard } from './clip-stats-card.tsx';

/** Filters live in the address (?category=&duration=&creator=), so a filtered list can be shared. */
function filtersFrom(params: URLSearchParams): ClipFilters {
  const duration = Number(params.get('duration'));
  return {
    category: params.get('category') || undefined,
    duration: (ClipDurations as readonly number[]).includes(duration) ? duration : undefined,
    creator: params.get('creator') || undefined,
  };
}

export function ClipsBrowser() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const pages = useClipPages(filters);
  const clips = pages.data?.pages.flat() ?? [];
  const filtered = Boolean(filters.category || filters.duration || filters.creator);

  useEffect(() => {
    if (pages.error) notify('error', t('clips.loadFailed'));
  }, [pages.error, t]);

  const change = (next: ClipFilters) => {
    const search = new URLSearchParams();
    if (next.category) search.set('category', next.category);
    if (next.duration) search.set('duration', String(next.duration));
    if (next.creator) search.set('creator', next.creator);
    setParams(search);
  };

  return (
    <div className="clips-browser">
      <ClipStatsCard />
      <ClipFilterBar key={filters.creator ?? ''} filters={filters} onChange={change} />
      {pages.isLoading ? (
        <CardSkeletons variant="clip" />
      ) : clips.length === 0 ? (
        <NoClips filtered={filtered} />
      ) : (
        <CardGrid variant="clip">
          {clips.map((c) => (
            <ClipCard key={c.id} clip={c} />
          ))}
        </CardGrid>
      )}
      {pages.hasNextPage && (
        <div className="load-more">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
            data-testid="load-more"
          >
            {t('clips.loadMore')}
          </button>
        </div>
      )}
    </div>
  );
}
