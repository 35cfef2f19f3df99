import type { Executor } from '../../db/database.ts';
import { cidKey } from '../../storage/blob-store.ts';
import { findStreamRow } from '../streams/streams.service.ts';
import { findVideoRow } from '../videos/videos.service.ts';

export type ClipSourceKind = 'video' | 'stream';

/**
 * How a clip reads its source: a blob of the media store (copied to scratch for ffmpeg), or, for a
 * stream still on air, a snapshot of its recording taken when the clip is asked for.
 */
export type ClipInput =
  | { kind: 'blob'; blobKey: string }
  | { kind: 'live'; streamId: string; /** whether any video arrived yet */ recording: boolean };

/** What a clip is cut from, whatever kind of thing it is. */
export interface ClipSource {
  kind: ClipSourceKind;
  id: string;
  /** the source's owner (who may see it before it is playable) */
  userId: string;
  /** a clip takes its source's category */
  category: string;
  /** for a live input, known only once its snapshot is taken */
  durationSeconds: number;
  /** false while the source cannot be cut yet (a video still processing, a stream with no video yet) */
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
    input: { kind: 'blob', blobKey: cidKey(video.cid) },
  };
}

/**
 * A stream is cut from its recording: the stored one once it has ended, or the recording so far
 * while it is on air (live or briefly interrupted).
 */
export async function resolveStreamSource(db: Executor, id: string): Promise<ClipSource | undefined> {
  const stream = await findStreamRow(db, id);
  if (!stream) return undefined;
  const base = { kind: 'stream' as const, id: stream.id, userId: stream.creator_id, category: stream.category };
  if (stream.recording_cid) {
    const blobKey = cidKey(stream.recording_cid);
    return {
      ...base,
      durationSeconds: Number(stream.recording_duration_ms ?? 0) / 1000,
      playable: true,
      input: { kind: 'blob', blobKey },
    };
  }
  const onAir = stream.status === 'live' || stream.status === 'interrupted';
  return {
    ...base,
    durationSeconds: 0,
    playable: onAir,
    input: { kind: 'live', streamId: stream.id, recording: stream.live_path !== null },
  };
}

const resolvers: Record<ClipSourceKind, ClipSourceResolver> = {
  video: resolveVideoSource,
  stream: resolveStreamSource,
};

export const resolveClipSource = (db: Executor, kind: ClipSourceKind, id: string): Promise<ClipSource | undefined> =>
  resolvers[kind](db, id);
