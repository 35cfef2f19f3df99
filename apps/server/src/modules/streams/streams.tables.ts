import type { StreamStatus } from '@app/shared';

/** Table types of the live feature (merged into the Database interface in db/schema.ts). */
export interface StreamsTable {
  id: string;
  creator_id: string;
  title: string;
  description: string;
  category: string;
  /** JSON list of strings */
  tags: string;
  /** SHA-256 (hex) of the stream key: how ingest finds the stream */
  key_hash: string;
  /** the key encrypted with a key derived from the app secret, so its owner can reveal it again */
  key_sealed: string;
  /** `scheduled` is no stored status: the API's name for a `created` stream with `scheduled_for` */
  status: Exclude<StreamStatus, 'scheduled'>;
  /** the planned start (ISO), for a stream scheduled ahead */
  scheduled_for: string | null;
  started_at: string | null;
  ended_at: string | null;
  interrupted_at: string | null;
  last_ingest_at: string | null;
  viewers_count: number;
  max_viewers: number;
  live_path: string | null;
  recording_cid: string | null;
  recording_duration_ms: number | null;
  replay_path: string | null;
  thumbnail_cid: string | null;
  /** JSON list of the thumbnail at each card width (see migration 0014); null: only thumbnail_cid */
  thumbnail_sizes: string | null;
  created_at: string;
  updated_at: string;
}

export interface StreamChatMessagesTable {
  id: string;
  stream_id: string;
  user_id: string;
  message: string;
  /** micro-tokens, or null for a message without a tip */
  tip_amount: number | null;
  created_at: string;
}
