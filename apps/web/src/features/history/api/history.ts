import { HistoryLimits, type HistoryCleared, type HistoryPage, type HistorySettings, type Video } from '@app/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { forgetPositions } from '../../../components/player/resume.ts';
import { api } from '../../../lib/api.ts';

const HISTORY = ['history'] as const;

/** The signed-in user's history a page at a time, with each video's watched share for its bar. */
export function useHistoryPages(enabled: boolean) {
  const pages = useInfiniteQuery({
    queryKey: HISTORY,
    queryFn: ({ pageParam }) => api<HistoryPage>(`/api/history?limit=${HistoryLimits.pageSize}&offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.has_more ? all.length * HistoryLimits.pageSize : undefined),
    enabled,
  });
  const list = useMemo(() => {
    if (!pages.data) return undefined;
    const videos: Video[] = [];
    const progress = new Map<string, number>();
    for (const entry of pages.data.pages.flatMap((p) => p.entries)) {
      // a video watched again while paging moved up: it is shown once, where it was first seen
      if (progress.has(entry.video.id)) continue;
      videos.push(entry.video);
      progress.set(entry.video.id, entry.duration > 0 ? entry.position / entry.duration : 0);
    }
    return { videos, progress, paused: pages.data.pages[0]?.paused ?? false };
  }, [pages.data]);
  return { ...pages, list };
}

export function useClearHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<HistoryCleared>('/api/history', { method: 'DELETE' }),
    onSuccess: () => {
      // where the viewer stopped goes with the history: the server's positions, and this device's
      forgetPositions();
      return client.invalidateQueries({ queryKey: HISTORY });
    },
  });
}

export function usePauseHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HistorySettings) => api<HistorySettings>('/api/history/settings', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: HISTORY }),
  });
}
