/** Table types of the history feature (merged into the Database interface in db/schema.ts). */

/** One row per viewer and video: where they last were in it, and when. */
export interface WatchHistoryTable {
  user_id: string;
  video_id: string;
  position_ms: number;
  duration_ms: number;
  watched_at: string;
}

/** A user who paused their history has a row with paused = 1; no row: recording, never cleared. */
export interface HistorySettingsTable {
  user_id: string;
  paused: number;
  updated_at: string;
  /** when the user last cleared their history: where they stopped before it is forgotten too */
  cleared_at: string | null;
}
