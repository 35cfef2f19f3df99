import type { AppContext } from '../context.ts';

/**
 * Every background job and its payload. A job type has exactly one handler (handlers.ts): adding a
 * type here without one is a compile error there. Payloads are JSON and name entities by id, so a
 * retry reads fresh state instead of a stale copy.
 */
export interface JobPayloads {
  /** does nothing: a smoke test for a deployment, and the type the queue's own tests drive */
  noop: { note?: string };
  'transcode-video': { videoId: string };
  /** HLS replay + thumbnail of a finished live stream's recording */
  'stream-replay': { streamId: string };
  /** the cut, thumbnail and HLS of a new clip */
  'cut-clip': { clipId: string };
}

export type JobType = keyof JobPayloads;

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** What a handler gets besides its payload. */
export interface JobContext {
  /** aborted when the worker shuts down past its grace period or loses the job; stop work then */
  signal: AbortSignal;
  /** 1 for the first run; a run lost to a crashed worker counts, one interrupted by shutdown does not */
  attempt: number;
  /** 0–100, readable through getJob() */
  reportProgress(percent: number): Promise<void>;
  ctx: AppContext;
}

export type JobHandler<T extends JobType> = (payload: JobPayloads[T], job: JobContext) => Promise<void>;

/**
 * Runs once after the last attempt failed, so a feature can put its entity in an explicit `failed`
 * state instead of leaving it `processing` forever.
 */
export type FinalFailureHook<T extends JobType> = (
  payload: JobPayloads[T],
  error: string,
  ctx: AppContext,
) => Promise<void>;

/**
 * The `jobs` table. With the SQL queue it is the queue itself; with BullMQ it is the outbox that
 * makes enqueueing transactional and a mirror of each job's last known state.
 */
export interface JobsTable {
  id: string;
  type: string;
  /** JSON */
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: string;
  /** the worker holding the lease; `bullmq` once the outbox handed the job to BullMQ */
  locked_by: string | null;
  locked_until: string | null;
  progress: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
