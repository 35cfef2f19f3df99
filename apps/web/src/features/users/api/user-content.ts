import type { Clip, PublicUser, Video } from '@app/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const PAGE = 12;
/** How often a list holding one of the reader's own items still processing asks again. */
const PROCESSING_REFRESH_MS = 3000;

/**
 * One user's videos or clips on their profile, 12 at a time; a next page only while the last was
 * full. The server shows the user their own still processing, and everyone else the public ones.
 */
function useUserPages<K extends 'videos' | 'clips', T extends { status: string }>(userId: string, kind: K) {
  return useInfiniteQuery({
    queryKey: ['users', userId, kind],
    queryFn: ({ pageParam }) =>
      api<Record<K, T[]>>(`/api/users/${encodeURIComponent(userId)}/${kind}?limit=${PAGE}&offset=${pageParam}`).then(
        (body) => body[kind],
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === PAGE ? pages.length * PAGE : undefined),
    // while an upload or a clip is processing, its card follows it to ready
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.some((item) => item.status === 'processing'))
        ? PROCESSING_REFRESH_MS
        : false,
  });
}

export const useUserVideos = (userId: string) => useUserPages<'videos', Video>(userId, 'videos');
export const useUserClips = (userId: string) => useUserPages<'clips', Clip>(userId, 'clips');

/** A user's public profile, the header of their channel page. */
export const usePublicUser = (userId: string) =>
  useQuery({
    queryKey: ['users', userId, 'profile'],
    queryFn: () => api<PublicUser>(`/api/users/${encodeURIComponent(userId)}`),
    retry: false,
  });
