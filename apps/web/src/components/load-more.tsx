import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** How far below the screen the next page starts loading, so it is usually there before it is reached. */
const AHEAD = '600px';

interface Props {
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
  /** names the test ids: `${name}-more`, `${name}-end` */
  name: string;
}

/**
 * The foot of a paged list: the next page loads when this comes near the screen, and the button
 * loads it too (keyboards, browsers without IntersectionObserver). At the end, a line that says so.
 */
export function LoadMore({ hasMore, loading, onLoadMore, name }: Props) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    // Observed anew after each page: if the foot is still in sight, the first report asks for the next.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load.current(), {
      rootMargin: `0px 0px ${AHEAD} 0px`,
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  return (
    <div className="load-more" ref={sentinel}>
      {hasMore ? (
        <button
          type="button"
          className="button button-outline"
          disabled={loading}
          aria-busy={loading}
          onClick={onLoadMore}
          data-testid={`${name}-more`}
        >
          {loading ? t('common.loadingMore') : t('common.loadMore')}
        </button>
      ) : (
        <p className="load-more-end" data-testid={`${name}-end`}>
          {t('common.endOfList')}
        </p>
      )}
    </div>
  );
}
