import type { HeartbeatResult, VideoRating, WatchPosition, WatchSessionStarted } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Watch sessions: the server measures the time between heartbeats itself. */
export const startWatchSession = (videoId: string) =>
  api<WatchSessionStarted>('/api/viewing/sessions', { body: { video_id: videoId }, background: true });

export const sendHeartbeat = (sessionId: string, position: number, active: boolean) =>
  api<HeartbeatResult>(`/api/viewing/sessions/${encodeURIComponent(sessionId)}/heartbeat`, {
    body: { position, active },
    background: true,
  });

/** Where the signed-in viewer stopped last time: asked afresh on every visit, never from the cache. */
export const useWatchPosition = (videoId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['videos', videoId, 'position'],
    queryFn: () => api<WatchPosition>(`/api/videos/${encodeURIComponent(videoId)}/position`, { background: true }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useVideoRating = (videoId: string) =>
  useQuery({
    queryKey: ['videos', 'rating', videoId],
    queryFn: () => api<VideoRating>(`/api/videos/${encodeURIComponent(videoId)}/rating`),
    staleTime: 60_000,
  });

/** A star rating: the answer replaces the cached rating; a paid rating makes the earnings stale. */
export function useRateVideo(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) =>
      api<VideoRating & { earned: number }>(`/api/videos/${encodeURIComponent(videoId)}/rating`, {
        body: { rating },
        background: true,
      }),
    onSuccess: async ({ average, count, mine, earned }) => {
      queryClient.setQueryData(['videos', 'rating', videoId], { average, count, mine });
      if (earned > 0) await queryClient.invalidateQueries({ queryKey: ['earnings'] });
    },
  });
}
