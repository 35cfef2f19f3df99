import { HOME_FEED_DATA_ID, VideoLimits, type TipReceived, type Video } from '@app/shared';
import {
  type QueryClient,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api.ts';

export interface FeedParams {
  sort?: 'recent' | 'views';
  category?: string;
  q?: string;
  limit?: number;
  offset?: number;
}

const FEED_STALE_MS = 5 * 60_000;
const VIDEO_STALE_MS = 10 * 60_000;

const query = (params: FeedParams) => {
  const search = new URLSearchParams({
    limit: String(params.limit ?? 12),
    offset: String(params.offset ?? 0),
    sort: params.sort ?? 'recent',
  });
  if (params.category) search.set('category', params.category);
  if (params.q) search.set('q', params.q);
  return search.toString();
};

const feedQuery = (params: FeedParams) =>
  queryOptions({
    queryKey: ['videos', 'feed', params],
    queryFn: () => api<{ videos: Video[] }>(`/api/videos?${query(params)}`).then((r) => r.videos),
    staleTime: FEED_STALE_MS,
  });

/** A feed page; results are reused for 5 minutes per filter. */
export const useFeed = (params: FeedParams) => useQuery({ ...feedQuery(params), placeholderData: keepPreviousData });

export const DEFAULT_FEED_PAGE = VideoLimits.feedPageSize;

/**
 * A feed a page at a time. The first page asks for exactly what a single page would (limit, offset
 * 0), so the server's read cache answers it; a next page is asked for only after a full one.
 */
const feedPagesQuery = (params: Omit<FeedParams, 'offset'>) => {
  const limit = params.limit ?? DEFAULT_FEED_PAGE;
  return infiniteQueryOptions({
    queryKey: ['videos', 'feed-pages', { ...params, limit }],
    queryFn: ({ pageParam }) =>
      api<{ videos: Video[] }>(`/api/videos?${query({ ...params, limit, offset: pageParam })}`).then((r) => r.videos),
    initialPageParam: 0,
    getNextPageParam: (last: Video[], pages: Video[][]) => (last.length === limit ? pages.length * limit : undefined),
    staleTime: FEED_STALE_MS,
  });
};

/**
 * A feed that grows page by page (home, trending, category, search): `videos` holds every page so
 * far, each video once even when new uploads shifted the pages between two requests.
 */
export function useFeedPages(params: Omit<FeedParams, 'offset'>, enabled = true) {
  const pages = useInfiniteQuery({ ...feedPagesQuery(params), placeholderData: keepPreviousData, enabled });
  const videos = useMemo(() => {
    if (!pages.data) return undefined;
    const seen = new Set<string>();
    return pages.data.pages.flat().filter((v) => !seen.has(v.id) && seen.add(v.id));
  }, [pages.data]);
  return { ...pages, videos };
}

/** Starts fetching a feed's first page before anything renders it (the home page's, while the app starts). */
export const prefetchFeed = async (client: QueryClient, params: FeedParams): Promise<Video[] | undefined> => {
  const options = feedPagesQuery(params);
  await client.prefetchInfiniteQuery(options);
  return client.getQueryData(options.queryKey)?.pages[0];
};

/**
 * The first page the server wrote into the home page's HTML (anonymous, the default order and page
 * size), or undefined: a page served otherwise (another address, the dev server) has none. Read once;
 * the block is removed so nothing reads it again later.
 */
export function servedFirstPage(): Video[] | undefined {
  const block = document.getElementById(HOME_FEED_DATA_ID);
  if (!block) return undefined;
  block.remove();
  try {
    const { videos } = JSON.parse(block.textContent ?? '') as { videos?: unknown };
    return Array.isArray(videos) ? (videos as Video[]) : undefined;
  } catch {
    return undefined;
  }
}

/** A feed's first page, known before anything renders it: the feed shows it without asking. */
export const seedFeed = (client: QueryClient, params: FeedParams, videos: Video[]): void => {
  client.setQueryData(feedPagesQuery(params).queryKey, { pages: [videos], pageParams: [0] });
};

export const useSubscriptionFeed = (enabled: boolean) =>
  useQuery({
    queryKey: ['videos', 'subscriptions'],
    queryFn: () => api<{ videos: Video[] }>('/api/subscriptions/videos?limit=48').then((r) => r.videos),
    staleTime: FEED_STALE_MS,
    enabled,
  });

/** How often a page with a processing video asks whether it is ready. */
const PROCESSING_REFRESH_MS = 3000;

/** One video, cached for 10 minutes; while it is processing it is polled so the page turns playable by itself. */
export const useVideo = (id: string) =>
  useQuery({
    queryKey: ['videos', 'one', id],
    queryFn: () => api<Video>(`/api/videos/${encodeURIComponent(id)}`),
    staleTime: VIDEO_STALE_MS,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? PROCESSING_REFRESH_MS : false),
  });

export const useTipsReceived = () =>
  useQuery({
    queryKey: ['tips', 'received'],
    queryFn: () => api<{ tips: TipReceived[] }>('/api/user/tips?limit=20').then((r) => r.tips),
  });
