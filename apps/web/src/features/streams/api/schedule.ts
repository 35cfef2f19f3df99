import type { Stream, StreamScheduleInput } from '@app/shared';
import { StreamLimits } from '@app/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const PAGE = StreamLimits.listDefault;

/** A creator's streams on their profile, a page at a time: past (on air or ended) or scheduled. */
export const useCreatorStreams = (creatorId: string, status: 'past' | 'scheduled') =>
  useInfiniteQuery({
    queryKey: ['streams', 'creator', creatorId, status],
    queryFn: ({ pageParam }) =>
      api<{ streams: Stream[] }>(
        `/api/users/${encodeURIComponent(creatorId)}/streams?status=${status}&limit=${PAGE}&offset=${pageParam}`,
      ).then((r) => r.streams),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === PAGE ? pages.length * PAGE : undefined),
  });

/** Schedules a stream: every stream list (the directory's Upcoming, the profile's) is read again. */
export function useScheduleStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StreamScheduleInput) => api<Stream>('/api/streams/schedule', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['streams'] }),
  });
}

/** A new title or time for a scheduled stream. */
export function useRescheduleStream(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StreamScheduleInput) =>
      api<Stream>(`/api/streams/${encodeURIComponent(id)}/schedule`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['streams'] }),
  });
}
