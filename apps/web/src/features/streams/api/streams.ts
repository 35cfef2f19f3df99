import type { Stream, StreamCreateInput, StreamCreated, StreamIngest, StreamStats, WebRtcSettings } from '@app/shared';
import { StreamLimits, type StreamCategory } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type StreamStatusFilter = 'live' | 'ended' | 'all' | 'scheduled';

export interface StreamFilters {
  status: StreamStatusFilter;
  category?: StreamCategory | undefined;
}

/** Directory and side lists refresh on their own: viewers come and go, streams start and end. */
const LIST_REFRESH_MS = 15_000;
/** A stream being watched: its viewer count, duration and status move while live. */
const STREAM_REFRESH_MS = 5_000;

const listPath = (f: StreamFilters) => {
  const search = new URLSearchParams({ status: f.status, limit: String(StreamLimits.listDefault) });
  if (f.category) search.set('category', f.category);
  return `/api/streams?${search.toString()}`;
};

/** GET /api/streams?status=&limit=20&category=. */
export const useStreams = (filters: StreamFilters) =>
  useQuery({
    queryKey: ['streams', 'list', filters],
    queryFn: () => api<{ streams: Stream[] }>(listPath(filters)).then((r) => r.streams),
    refetchInterval: LIST_REFRESH_MS,
  });

export const useStreamStats = () =>
  useQuery({
    queryKey: ['streams', 'stats'],
    queryFn: () => api<StreamStats>('/api/streams/stats'),
    refetchInterval: LIST_REFRESH_MS,
  });

/** GET /api/streams/webrtc: whether live streams can be played over WebRTC, and the ICE servers (fixed per server). */
export const useWebRtcSettings = () =>
  useQuery({
    queryKey: ['streams', 'webrtc'],
    queryFn: () => api<WebRtcSettings>('/api/streams/webrtc'),
    staleTime: Infinity,
  });

/** An ended stream's replay is rendered from its recording: asked for again at this pace until it is there. */
const REPLAY_REFRESH_MS = 10_000;

/** Polled until it ends (going live, viewers, the end show up without a reload), then until its replay exists. */
export const useStream = (id: string) =>
  useQuery({
    queryKey: ['streams', 'one', id],
    queryFn: () => api<Stream>(`/api/streams/${encodeURIComponent(id)}`),
    retry: false,
    refetchInterval: (q) => {
      const s = q.state.data;
      if (s?.status !== 'ended') return STREAM_REFRESH_MS;
      return s.has_recording && !s.hls_url ? REPLAY_REFRESH_MS : false;
    },
  });

const streamPath = (id: string, action: string) => `/api/streams/${encodeURIComponent(id)}/${action}`;

/** My streams, newest first (the Go Live page looks for one not ended yet). */
export const useOwnStreams = (enabled: boolean) =>
  useQuery({
    queryKey: ['streams', 'mine'],
    queryFn: () => api<{ streams: Stream[] }>('/api/user/streams').then((r) => r.streams),
    enabled,
  });

export function useCreateStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StreamCreateInput) => api<StreamCreated>('/api/streams/create', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['streams', 'mine'] }),
  });
}
/** The owner's key and ingest addresses. */
export const useStreamIngest = (id: string) =>
  useQuery({ queryKey: ['streams', 'ingest', id], queryFn: () => api<StreamIngest>(streamPath(id, 'ingest')) });
/** A new key (the old one stops at once): the answer replaces the cached ingest details. */
export function useRotateStreamKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<StreamIngest>(streamPath(id, 'key'), { method: 'POST' }),
    onSuccess: (ingest) => queryClient.setQueryData(['streams', 'ingest', id], ingest),
  });
}
/** On air: the answer replaces the cached stream. */
export function useStartStream(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Stream>(streamPath(id, 'start'), { method: 'POST' }),
    onSuccess: (stream) => queryClient.setQueryData(['streams', 'one', id], stream),
  });
}

/** Ends the stream: every stream list and figure is read again. */
export function useStopStream(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ duration: number; tokens_earned: number }>(streamPath(id, 'stop'), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['streams'] }),
  });
}

/** Throws away a stream that never went live (the server refuses one that did): every stream list is read again. */
export function useDiscardStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ discarded: true }>(`/api/streams/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['streams'] }),
  });
}
