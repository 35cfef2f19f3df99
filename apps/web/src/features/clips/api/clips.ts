import { ClipLimits, type Clip, type ClipCreateInput, type ClipLikeResult, type ClipStats } from '@app/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshUser } from '../../../lib/session/session-store.ts';
import { api } from '../../../lib/api.ts';

export interface ClipFilters {
  category?: string;
  duration?: number;
  creator?: string;
}

const CLIP_POLL_MS = 2000;

function listQuery(filters: ClipFilters, limit: number, offset: number): string {
  const search = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (filters.category) search.set('category', filters.category);
  if (filters.duration) search.set('duration', String(filters.duration));
  if (filters.creator) search.set('creator', filters.creator);
  return search.toString();
}

/**
 * The clips browser's pages: 20 at a time, the next offset 20 further, and a next page only when
 * the last one was full. A filter change is a new key, so it starts at offset 0.
 */
export const useClipPages = (filters: ClipFilters) =>
  useInfiniteQuery({
    queryKey: ['clips', 'list', filters],
    queryFn: ({ pageParam }) =>
      api<{ clips: Clip[] }>(`/api/clips?${listQuery(filters, ClipLimits.pageSize, pageParam)}`).then((r) => r.clips),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length === ClipLimits.pageSize ? pages.length * ClipLimits.pageSize : undefined,
  });

/** Other clips for the detail page's side list (fetched 8, shown 6). */
export const useRecentClips = () =>
  useQuery({
    queryKey: ['clips', 'recent'],
    queryFn: () => api<{ clips: Clip[] }>(`/api/clips?limit=${ClipLimits.relatedFetch}`).then((r) => r.clips),
    retry: false,
  });

export const useClipStats = () =>
  useQuery({ queryKey: ['clips', 'stats'], queryFn: () => api<ClipStats>('/api/clips/stats') });

/** One clip; while it is being cut it is polled, so the page starts playing by itself. */
export const useClip = (id: string) =>
  useQuery({
    queryKey: ['clips', 'one', id],
    queryFn: () => api<Clip>(`/api/clips/${encodeURIComponent(id)}`),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? CLIP_POLL_MS : false),
  });

export const likeClip = (id: string) =>
  api<ClipLikeResult>(`/api/clips/${encodeURIComponent(id)}/like`, { method: 'POST', background: true });
export const recordClipView = (id: string) =>
  api<{ counted: boolean; views: number }>(`/api/clips/${encodeURIComponent(id)}/view`, { method: 'POST' });
/** A new clip: the clip lists are read again, and the balance (a clip pays its creator) refreshed. */
export function useCreateClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClipCreateInput) => api<{ clip_id: string }>('/api/clips/create', { body: input }),
    onSuccess: async () => {
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: ['clips'] })]);
    },
  });
}
