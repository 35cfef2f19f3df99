import { paiseToRupees, type HeartbeatResult, type ViewingSession } from '@app/shared';
import type { ViewingSessionsTable } from './viewing.tables.ts';

type SessionRow = Pick<
  ViewingSessionsTable,
  'id' | 'video_id' | 'duration_ms' | 'watched_ms' | 'covered_ms' | 'qualified_at' | 'created_at'
> & { video_title: string | null };

const percent = (coveredMs: number, durationMs: number) =>
  Math.min(100, Math.round((coveredMs / durationMs) * 1000) / 10);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** A session row → the API's viewing session: seconds, percent, rupees. */
export function presentSession(row: SessionRow, earnedPaise: number): ViewingSession {
  return {
    id: row.id,
    video_id: row.video_id,
    clip_id: null,
    stream_id: null,
    video_title: row.video_title,
    watch_duration: seconds(row.watched_ms),
    watch_percentage: percent(row.covered_ms, row.duration_ms),
    qualified: row.qualified_at !== null,
    viewer_earnings: paiseToRupees(earnedPaise),
    created_at: row.created_at,
  };
}

export function presentHeartbeat(row: ViewingSessionsTable, earnedPaise: number): HeartbeatResult {
  return {
    session_id: row.id,
    watch_duration: seconds(row.watched_ms),
    watch_percentage: percent(row.covered_ms, row.duration_ms),
    qualified: row.qualified_at !== null,
    viewer_earnings: paiseToRupees(earnedPaise),
  };
}
