import { LoadMore } from '../../../components/load-more.tsx';
import type { useFeedPages } from '../api/videos.ts';

/** The next page of a feed: on scrolling near the end, or by its button. */
export function FeedMore({ feed }: { feed: ReturnType<typeof useFeedPages> }) {
  return (
    <LoadMore
      name="feed"
      hasMore={feed.hasNextPage}
      loading={feed.isFetchingNextPage}
      onLoadMore={() => void feed.fetchNextPage()}
    />
  );
}
