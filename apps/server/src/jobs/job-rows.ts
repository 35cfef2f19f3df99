import type { Executor } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import type { EnqueueOptions, JobInfo } from './job-queue.ts';
import type { JobPayloads, JobType, JobsTable } from './job-types.ts';

export const DEFAULT_MAX_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Inserts the job's row unless one with its id exists (that is what makes enqueue idempotent). */
export async function insertJobRow<T extends JobType>(
  db: Executor,
  type: T,
  payload: JobPayloads[T],
  options: EnqueueOptions,
): Promise<string> {
  const id = options.jobId ?? `${type}.${newId()}`;
  const at = new Date();
  await db
    .insertInto('jobs')
    .values({
      id,
      type,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      max_attempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
      run_at: new Date(at.getTime() + Math.max(0, options.delayMs ?? 0)).toISOString(),
      locked_by: null,
      locked_until: null,
      progress: 0,
      last_error: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}

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
