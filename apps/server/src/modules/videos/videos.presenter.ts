import { microToTokens, type Video } from '@app/shared';
import { presentThumbnailSizes } from '../../media/thumbnail-sizes.ts';
import { mediaUrl } from '../../storage/media-url.ts';
import type { VideoRow } from './videos.repository.ts';

/** A video row -> the API's video, with the player's URLs. */
export function presentVideo(row: VideoRow, earnedMicro: number): Video {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    thumbnail_url: row.thumbnail_cid ? mediaUrl(row.thumbnail_cid) : null,
    thumbnail_sizes: presentThumbnailSizes(row.thumbnail_sizes),
    duration: row.duration_ms / 1000,
    views: Number(row.views),
    likes: Number(row.likes),
    comment_count: Number(row.comment_count),
    comments_enabled: Boolean(row.comments_enabled),
    tokens_earned: microToTokens(earnedMicro),
    upload_date: row.created_at,
    creator_id: row.creator_id,
    creator_username: row.creator_username,
    creator_wallet: row.creator_wallet,
    ipfs_hash: row.cid,
    status: row.status,
    hls_url: row.hls_path ? `/media/${row.hls_path}` : null,
    media_url: mediaUrl(row.cid),
    width: row.width,
    height: row.height,
    failure_reason: row.status === 'failed' ? row.failure : null,
  };
}
