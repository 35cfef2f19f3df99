import type { VideoStatus } from '@app/shared';

/** Table types of the videos feature (merged into the Database interface in db/schema.ts). */
export interface VideosTable {
  id: string;
  creator_id: string;
  title: string;
  description: string;
  category: string;
  /** JSON list of strings */
  tags: string;
  /** CIDv1 of the original file: the blob's address and the API's ipfs_hash */
  cid: string;
  size_bytes: number;
  content_type: string;
  duration_ms: number;
  width: number | null;
  height: number | null;
  thumbnail_cid: string | null;
  /** JSON list of the thumbnail at each card width (see migration 0014); null: only thumbnail_cid */
  thumbnail_sizes: string | null;
  /** JSON list of the candidate frames, each a list like thumbnail_sizes (migration 0023); null: none */
  thumbnail_choices: string | null;
  /** path of the HLS master playlist inside the media store, once transcoded */
  hls_path: string | null;
  status: VideoStatus;
  failure: string | null;
  views: number;
  likes: number;
  /** comments and replies (modules/comments keeps it) */
  comment_count: number;
  /** 1 unless the creator turned comments off */
  comments_enabled: number;
  created_at: string;
  updated_at: string;
}

export interface VideoViewWindowsTable {
  video_id: string;
  viewer_key: string;
  counted_at: string;
}

export interface VideoViewsTable {
  id: string;
  video_id: string;
  viewer_key: string;
  created_at: string;
}

export interface VideoLikesTable {
  video_id: string;
  user_id: string;
  created_at: string;
}

export interface FollowsTable {
  follower_id: string;
  creator_id: string;
  created_at: string;
}

/** A WebVTT caption file of a video, one per language. */
export interface VideoCaptionsTable {
  video_id: string;
  /** BCP 47 tag (CaptionLanguageSchema) */
  language: string;
  /** where the file sits in the blob store */
  blob_key: string;
  size_bytes: number;
  created_at: string;
}

/** The words a video is found by (see search-words.ts). */
export interface VideoSearchWordsTable {
  video_id: string;
  word: string;
}

/** The trigrams of every word ever indexed: a typed word finds the words it is near by them. */
export interface SearchTrigramsTable {
  trigram: string;
  word: string;
}
