import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text.ts';
import { CardGrid, CardSkeletons, type CardVariant } from './card-grid.tsx';

/** What a list read a page at a time offers (react-query's infinite query). */
export interface Pages<T> {
  data: { pages: T[][] } | undefined;
  isLoading: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
}

/**
 * A grid of cards read a page at a time: skeletons first, the error with a retry, the empty state,
 * or the cards with Load more while the last page was full.
 */
export function PagedGrid<T>({
  pages,
  variant,
  empty,
  render,
  testId,
}: {
  pages: Pages<T>;
  variant: CardVariant;
  empty: ReactNode;
  render(item: T): ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (pages.isLoading) return <CardSkeletons variant={variant} />;
  if (pages.error)
    return (
      <div className="panel panel-error" role="alert">
        <p>{errorText(pages.error)}</p>
        <button type="button" className="button" onClick={() => void pages.refetch()}>
          {t('errors.tryAgain')}
        </button>
      </div>
    );
  const items = pages.data?.pages.flat() ?? [];
  if (items.length === 0) return <>{empty}</>;
  return (
    <div data-testid={testId}>
      <CardGrid variant={variant}>{items.map(render)}</CardGrid>
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
