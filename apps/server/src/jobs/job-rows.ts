import type { JobInfo } from './job-queue.ts';
import type { JobsTable } from './job-types.ts';

export const DEFAULT_MAX_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export const rowToInfo = (row: JobsTable): JobInfo => ({
  id: row.id,
  type: row.type,
  status: row.status,
  progress: row.progress,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  lastError: row.last_error,
});

/** Delay before the run after `attempt` failed: base, 2×base, 4×base… capped at an hour. */
export const backoffDelay = (baseMs: number, attempt: number): number =>
  Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));

/** Error text kept on the row: bounded, since ffmpeg can print a lot. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

export const clampProgress = (percent: number): number => Math.max(0, Math.min(100, Math.round(percent)));
