import type { AppContext } from '../context.ts';
import type { Db, Dialect, Executor } from '../db/database.ts';
import type { FinalFailureHook, JobHandler, JobPayloads, JobStatus, JobType } from './job-types.ts';

export interface EnqueueOptions {
  /** the same id is queued once, however often it is enqueued (default: a random id) */
  jobId?: string;
  /** runs in all, the first included (default 3) */
  maxAttempts?: number;
  delayMs?: number;
}

export interface JobInfo {
  id: string;
  type: string;
  status: JobStatus;
  progress: number;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

/** The job system as features see it; SQL-backed by default, BullMQ when REDIS_URL is set. */
export interface JobQueue {
  readonly backend: 'sql' | 'bullmq';
  /** one handler per type; register before start() */
  register<T extends JobType>(type: T, handler: JobHandler<T>): void;
  onFinalFailure<T extends JobType>(type: T, hook: FinalFailureHook<T>): void;
  /**
   * Queues a job and returns its id. Given a transaction, the job commits or rolls back with the
   * caller's rows: a row never exists without the job that processes it.
   */
  enqueue<T extends JobType>(
    type: T,
    payload: JobPayloads[T],
    options?: EnqueueOptions,
    trx?: Executor,
  ): Promise<string>;
  getJob(id: string): Promise<JobInfo | undefined>;
  /** starts running jobs in this process (API nodes with JOBS_WORKER=false never call it) */
  start(): void;
  /** stops taking jobs; running ones get `graceMs` to finish, then are aborted and handed back */
  stop(graceMs?: number): Promise<void>;
  /** stop() and release connections; enqueue and getJob work until then */
  close(): Promise<void>;
}

export interface JobLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** What both implementations need; tests shorten the intervals. */
export interface JobQueueOptions {
  db: Db;
  dialect: Dialect;
  /** the app context handed to handlers; a getter because the context holds the queue */
  context: () => AppContext;
  log: JobLog;
  /** jobs at once in this process (1 suits a 2-core box running ffmpeg) */
  concurrency: number;
  /** tighter limits for some types, within `concurrency` */
  typeConcurrency?: Partial<Record<JobType, number>>;
  /** how often idle workers look for due jobs (enqueue in this process wakes them at once) */
  pollMs: number;
  /** how long a claimed job stays claimed without renewal: a crashed worker's jobs rerun after it */
  leaseMs: number;
  /** first retry delay; doubles each attempt */
  backoffMs: number;
}
