import { microToTokens, type Stream } from '@app/shared';
import { presentThumbnailSizes } from '../../media/thumbnail-sizes.ts';
import { mediaUrl } from '../../storage/media-url.ts';
import type { StreamRow } from './streams.repository.ts';

export const livePlaylistUrl = (streamId: string): string => `/media/live/${streamId}/index.m3u8`;

/** Seconds on air: until now while live, until the end once ended. */
export function streamDuration(row: Pick<StreamRow, 'started_at' | 'ended_at'>, now = Date.now()): number {
  if (!row.started_at) return 0;
  const end = row.ended_at ? Date.parse(row.ended_at) : now;
  return Math.max(0, Math.floor((end - Date.parse(row.started_at)) / 1000));
}

/** A stream row -> the API's stream. The key never leaves through here. */
export function presentStream(row: StreamRow, earnedMicro: number): Stream {
  const isLive = row.status === 'live' || row.status === 'interrupted';
  // The live window only while on air: once ended, its few last seconds are no replay.
  let hls: string | null = null;
  if (row.replay_path) hls = `/media/${row.replay_path}`;
  else if (row.live_path && isLive) hls = livePlaylistUrl(row.id);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    status: row.status === 'created' && row.scheduled_for ? 'scheduled' : row.status,
    is_live: isLive,
    viewers_count: isLive ? Number(row.viewers_count) : 0,
    max_viewers: Number(row.max_viewers),
    start_time: row.started_at,
    scheduled_for: row.scheduled_for,
    end_time: row.ended_at,
    duration: streamDuration(row),
    created_at: row.created_at,
    creator_id: row.creator_id,
    creator_username: row.creator_username,
    creator_wallet: row.creator_wallet,
    tokens_earned: microToTokens(earnedMicro),
    hls_url: hls,
    thumbnail_url: row.thumbnail_cid ? mediaUrl(row.thumbnail_cid) : null,
    thumbnail_sizes: presentThumbnailSizes(row.thumbnail_sizes),
    has_recording: row.recording_cid !== null || row.live_path !== null,
  };
}
