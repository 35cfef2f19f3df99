import type { ClipStatus } from '@app/shared';

/** Table types of the clips feature (merged into the Database interface in db/schema.ts). */
export interface ClipsTable {
  id: string;
  creator_id: string;
  /** exactly one of the two sources is set */
  source_video_id: string | null;
  source_stream_id: string | null;
  title: string;
  description: string;
  category: string;
  /** JSON list of strings */
  tags: string;
  start_ms: number;
  duration_seconds: number;
  status: ClipStatus;
  failure: string | null;
  /** CIDv1 of the cut MP4: the blob's address and the API's ipfs_hash, once cut */
  cid: string | null;
  size_bytes: number | null;
  thumbnail_cid: string | null;
  /** JSON list of the thumbnail at each card width (see migration 0014); null: only thumbnail_cid */
  thumbnail_sizes: string | null;
  /** path of the HLS master playlist inside the media store, once cut */
  hls_path: string | null;
  /** a live source's recording snapshot this clip is cut from, until the cut is done */
  source_cid: string | null;
  views: number;
  likes: number;
  /** comments and replies (modules/comments keeps it) */
  comment_count: number;
  /** 1 unless the creator turned comments off */
  comments_enabled: number;
  created_at: string;
  updated_at: string;
}

export interface ClipLikesTable {
  clip_id: string;
  user_id: string;
  created_at: string;
}

export interface ClipViewWindowsTable {
  clip_id: string;
  viewer_key: string;
  counted_at: string;
}

export interface ClipViewsTable {
  id: string;
  clip_id: string;
  viewer_key: string;
  created_at: string;
}
