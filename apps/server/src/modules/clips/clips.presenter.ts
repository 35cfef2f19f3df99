import { microToTokens, type Clip } from '@app/shared';
import { presentThumbnailSizes } from '../../media/thumbnail-sizes.ts';
import { mediaUrl } from '../../storage/media-url.ts';
import type { ClipRow } from './clips.repository.ts';

/** A clip row -> the API's clip, with the player's URLs once it is cut. */
export function presentClip(row: ClipRow, earnedMicro: number, liked: boolean): Clip {
  const start = row.start_ms / 1000;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    duration: row.duration_seconds,
    start_time: start,
    end_time: (row.start_ms + row.duration_seconds * 1000) / 1000,
    views: Number(row.views),
    likes: Number(row.likes),
    comment_count: Number(row.comment_count),
    comments_enabled: Boolean(row.comments_enabled),
    tokens_earned: microToTokens(earnedMicro),
    created_at: row.created_at,
    creator_id: row.creator_id,
    creator_username: row.creator_username,
    creator_wallet: row.creator_wallet,
    source_video_id: row.source_video_id,
    source_stream_id: row.source_stream_id,
    ipfs_hash: row.cid,
    status: row.status,
    thumbnail_url: row.thumbnail_cid ? mediaUrl(row.thumbnail_cid) : null,
    thumbnail_sizes: presentThumbnailSizes(row.thumbnail_sizes),
    hls_url: row.hls_path ? `/media/${row.hls_path}` : null,
    media_url: row.cid ? mediaUrl(row.cid) : null,
    liked,
  };
}
