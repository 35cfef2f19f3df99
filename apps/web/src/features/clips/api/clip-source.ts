import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type ClipSourceKind = 'video' | 'stream';

/** What the clip creator needs of a source (title, duration, creator) and how to preview it. */
export interface ClipSourceInfo {
  kind: ClipSourceKind;
  id: string;
  title: string;
  /** seconds */
  duration: number;
  creator_username: string;
  hls_url: string | null;
  media_url: string | null;
  thumbnail_url: string | null;
  /** a video still being processed cannot be clipped yet */
  ready: boolean;
  /** a stream on air: clipped from its recording so far, previewed live */
  live: boolean;
}

/** The fields both GET /api/videos/{id} and GET /api/streams/{id} answer with. */
interface SourceResponse {
  title: string;
  duration: number;
  creator_username: string;
  hls_url: string | null;
  thumbnail_url: string | null;
  media_url?: string;
  status?: string;
  has_recording?: boolean;
  is_live?: boolean;
}

const PATHS: Record<ClipSourceKind, string> = { video: '/api/videos/', stream: '/api/streams/' };

async function fetchSource(kind: ClipSourceKind, id: string): Promise<ClipSourceInfo> {
  const r = await api<SourceResponse>(`${PATHS[kind]}${encodeURIComponent(id)}`);
  return {
    kind,
    id,
    title: r.title,
    duration: r.duration,
    creator_username: r.creator_username,
    hls_url: r.hls_url,
    media_url: r.media_url ?? null,
    thumbnail_url: r.thumbnail_url,
    ready: kind === 'video' ? r.status === 'ready' : r.has_recording === true,
    live: kind === 'stream' && r.is_live === true,
  };
}

/** GET /api/videos/{id} or GET /api/streams/{id} as the clip source. */
export const useClipSource = (kind: ClipSourceKind | undefined, id: string | undefined) =>
  useQuery({
    queryKey: ['clips', 'source', kind, id],
    queryFn: () => fetchSource(kind!, id!),
    enabled: Boolean(kind && id),
    retry: false,
  });
