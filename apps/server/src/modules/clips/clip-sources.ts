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

/** A live stream is cut from its stored recording, which exists once the stream has ended. */
export async function resolveStreamSource(db: Executor, id: string): Promise<ClipSource | undefined> {
  const stream = await db.selectFrom('streams').selectAll().where('id', '=', id).executeTakeFirst();
  if (!stream) return undefined;
  return {
    kind: 'stream',
    id: stream.id,
    userId: stream.creator_id,
    category: stream.category,
    durationSeconds: Number(stream.recording_duration_ms ?? 0) / 1000,
    playable: stream.recording_cid !== null,
    input: { blobKey: cidKey(stream.recording_cid ?? '') },
  };
}

const resolvers: Record<ClipSourceKind, ClipSourceResolver> = {
  video: resolveVideoSource,
  stream: resolveStreamSource,
};

export const resolveClipSource = (db: Executor, kind: ClipSourceKind, id: string): Promise<ClipSource | undefined> => resolvers[kind](db, id);
