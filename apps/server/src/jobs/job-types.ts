/** Every background job and its payload. A job type has exactly one handler. */
export interface JobPayloads {
  'transcode-video': { videoId: string };
}

export type JobType = keyof JobPayloads;

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobsTable {
  id: string;
  type: string;
  /** JSON */
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  progress: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface JobContext {
  signal: AbortSignal;
  attempt: number;
  reportProgress(percent: number): Promise<void>;
}

export interface JobHandler<T extends JobType> {
  run(payload: JobPayloads[T], job: JobContext): Promise<void>;
  /** after the last attempt failed: put the entity in an explicit failed state */
  onFinalFailure?(payload: JobPayloads[T], error: string): Promise<void>;
}
