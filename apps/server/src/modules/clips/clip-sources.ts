import type { Executor } from '../../db/database.ts';
import { cidKey } from '../../storage/blob-store.ts';
import { findVideoRow } from '../videos/videos.service.ts';

export type ClipSourceKind = 'video' | 'stream';

/** How the cutting job reads a source: a blob of the media store, copied to scratch for ffmpeg. */
export interface ClipInput {
  blobKey: string;
}

/** What a clip is cut from, whatever kind of thing it is. */
export interface ClipSource {
  kind: ClipSourceKind;
  id: string;
  /** the source's owner (who may see it before it is playable) */
  userId: string;
  /** a clip takes its source's category */
  category: string;
  durationSeconds: number;
  /** false while the source cannot be cut yet (a video still processing) */
  playable: boolean;
  input: ClipInput;
}

/** Finds a source by id; undefined when there is none. Visibility rules are the caller's. */
export type ClipSourceResolver = (db: Executor, id: string) => Promise<ClipSource | undefined>;

export async function resolveVideoSource(db: Executor, id: string): Promise<ClipSource | undefined> {
  const video = await findVideoRow(db, id);
  if (!video) return undefined;
  return {
    kind: 'video',
    id: video.id,
    userId: video.creator_id,
    category: video.category,
    durationSeconds: video.duration_ms / 1000,
    playable: video.status === 'ready',
    input: { blobKey: cidKey(video.cid) },
  };
}

/**
 * One resolver per kind. Recorded live streams plug in here: the streams module exports a
 * `resolveStreamSource: ClipSourceResolver` (an ended stream with a stored recording → its
 * recording's blob, `recording_duration_ms`, creator and category) and this entry points at it.
 * Until then no stream is a clip source, so a stream id is answered 404 'Source not found'.
 */
const resolvers: Record<ClipSourceKind, ClipSourceResolver> = {
  video: resolveVideoSource,
  stream: async () => undefined,
};

export const resolveClipSource = (db: Executor, kind: ClipSourceKind, id: string): Promise<ClipSource | undefined> => resolvers[kind](db, id);
