import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Executor } from '../db/database.ts';

import type { EnqueueOptions, JobInfo, JobQueue, JobQueueOptions } from './job-queue.ts';
import { JobRegistry } from './job-registry.ts';
import { backoffDelay, clampProgress, errorText, rowToInfo } from './job-rows.ts';
import { claimNextJob, findJob, insertJobRow, releaseOwnedJob, updateOwnedJob } from './jobs.repository.ts';
import type { FinalFailureHook, JobHandler, JobPayloads, JobType, JobsTable } from './job-types.ts';
import { waitFor } from './wait.ts';
import { systemClock } from '../lib/clock.ts';

/** How long stop() waits for aborted handlers to return before leaving their leases to expire. */
const ABORT_WAIT_MS = 5_000;
/** Abort reasons, told apart by identity. */
const SHUTDOWN = new Error('worker shutting down');
const LEASE_LOST = new Error('job lease lost to another worker');

interface Running {
  type: string;
  controller: AbortController;
}

/**
 * The embedded job queue: the application's own database is the queue. Any number of processes
 * share it safely: a claim is one UPDATE of one due row (SKIP LOCKED on PostgreSQL, SQLite's single
 * writer otherwise), the claimer holds a lease it keeps renewing, and a job whose lease ran out (its
 * worker crashed) is claimed again. Failures retry with exponential backoff.
 */
export class SqlJobQueue implements JobQueue {
  readonly backend = 'sql';
  private readonly registry = new JobRegistry();
  private readonly running = new Map<string, Running>();
  private readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private polling: Promise<void> | undefined;
  private pollAgain = false;

  constructor(private readonly opts: JobQueueOptions) {}

  register<T extends JobType>(type: T, handler: JobHandler<T>): void {
    this.registry.register(type, handler);
  }

  onFinalFailure<T extends JobType>(type: T, hook: FinalFailureHook<T>): void {
    this.registry.onFinalFailure(type, hook);
  }

  async enqueue<T extends JobType>(
    type: T,
    payload: JobPayloads[T],
    options: EnqueueOptions = {},
    trx?: Executor,
  ): Promise<string> {
    const id = await insertJobRow(trx ?? this.opts.db, type, payload, options);
    if (!trx) this.wake();
    // Inside a transaction the row is invisible until the commit, a moment later: look again then.
    else for (const ms of [50, 500]) setTimeout(() => this.wake(), ms).unref();
    return id;
  }

  async getJob(id: string): Promise<JobInfo | undefined> {
    const row = await findJob(this.opts.db, id);
    return row && rowToInfo(row);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.opts.pollMs);
    this.wake();
  }

  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.polling;
    await waitFor(() => this.running.size === 0, graceMs);
    for (const { controller } of this.running.values()) controller.abort(SHUTDOWN);
    // A handler that ignores its signal keeps its lease until it expires; another worker then reruns it.
    await waitFor(() => this.running.size === 0, ABORT_WAIT_MS);
  }

  close(): Promise<void> {
    return this.stop();
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = this.poll().finally(() => {
      this.polling = undefined;
      if (this.pollAgain) {
        this.pollAgain = false;
        this.wake();
      }
    });
  }

  /** Claims and starts jobs while this process has free slots. */
  private async poll(): Promise<void> {
    try {
      while (!this.stopped && this.running.size < this.opts.concurrency) {
        const job = await this.claim();
        if (!job) break;
        // Even if stop() began meanwhile: the job already shows as running, and stop() waits for it.
        void this.execute(job);
      }
    } catch (err) {
      this.opts.log.error({ err }, 'job poll failed');
    }
  }

  /** Types with a handler here and a free per-type slot. */
  private claimableTypes(): JobType[] {
    return this.registry.types().filter((type) => {
      const limit = this.opts.typeConcurrency?.[type];
      if (limit === undefined) return true;
      let busy = 0;
      for (const r of this.running.values()) if (r.type === type) busy++;
      return busy < limit;
    });
  }

  private async claim(): Promise<JobsTable | undefined> {
    const types = this.claimableTypes();
    if (types.length === 0) return undefined;
    const now = systemClock.iso();
    const lockedUntil = new Date(Date.now() + this.opts.leaseMs).toISOString();
    return claimNextJob(this.opts.db, this.opts.dialect, { types, workerId: this.workerId, now, lockedUntil });
  }

  private async execute(job: JobsTable): Promise<void> {
    const controller = new AbortController();
    this.running.set(job.id, { type: job.type, controller });
    const renew = setInterval(() => void this.renewLease(job.id, controller), this.opts.leaseMs / 3);
    const handler = this.registry.handler(job.type);
    const payload = JSON.parse(job.payload) as JobPayloads[JobType];
    try {
      // Claimed again and again because workers keep dying on it: stop before it takes another one down.
      if (job.attempts > job.max_attempts) throw new Error(`worker lost the job ${job.attempts - 1} times`);
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      let lastProgress = job.progress;
      await handler(payload, {
        signal: controller.signal,
        attempt: job.attempts,
        ctx: this.opts.context(),
        reportProgress: async (percent) => {
          const progress = clampProgress(percent);
          if (progress === lastProgress) return; // ffmpeg reports far more often than the number moves
          lastProgress = progress;
          await this.updateOwn(job.id, { progress, updated_at: systemClock.iso() });
        },
      });
      await this.updateOwn(job.id, {
        status: 'succeeded',
        progress: 100,
        locked_by: null,
        locked_until: null,
        last_error: null,
        updated_at: systemClock.iso(),
      });
    } catch (err) {
      await this.failed(job, payload, err, controller.signal).catch((e: unknown) =>
        this.opts.log.error({ err: e, job: job.id }, 'could not record job failure'),
      );
    } finally {
      clearInterval(renew);
      this.running.delete(job.id);
      this.wake();
    }
  }

  private async failed(
    job: JobsTable,
    payload: JobPayloads[JobType],
    err: unknown,
    signal: AbortSignal,
  ): Promise<void> {
    // Another worker owns the job now: its outcome is that worker's to record.
    if (signal.reason === LEASE_LOST) return;
    if (signal.reason === SHUTDOWN) {
      // Interrupted by shutdown, not a failure: hand it back with its attempt returned.
      await this.release(job);
      return;
    }
    const error = errorText(err);
    const final = job.attempts >= job.max_attempts;
    this.opts.log.error({ err, job: job.id, type: job.type, attempt: job.attempts, final }, 'job failed');
    if (final) {
      // Hook first, while the lease is held: a crash in between reruns the hook rather than skipping it.
      const hook = this.registry.hook(job.type);
      await hook?.(payload, error, this.opts.context()).catch((e: unknown) =>
        this.opts.log.error({ err: e, job: job.id }, 'final-failure hook failed'),
      );
    }
    await this.updateOwn(job.id, {
      status: final ? 'failed' : 'queued',
      run_at: new Date(Date.now() + (final ? 0 : backoffDelay(this.opts.backoffMs, job.attempts))).toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: error,
      updated_at: systemClock.iso(),
    });
  }

  private async release(job: JobsTable): Promise<void> {
    await releaseOwnedJob(this.opts.db, job.id, this.workerId, systemClock.iso());
  }

  private async renewLease(id: string, controller: AbortController): Promise<void> {
    try {
      const held = await this.updateOwn(id, { locked_until: new Date(Date.now() + this.opts.leaseMs).toISOString() });
      // Another worker reclaimed it (we stalled past the lease): stop duplicating its work.
      if (!held) controller.abort(LEASE_LOST);
    } catch (err) {
      this.opts.log.error({ err, job: id }, 'job lease renewal failed');
    }
  }

  /** Updates only while this worker still holds the job (a reclaimed job is not touched). */
  private updateOwn(id: string, fields: Parameters<typeof updateOwnedJob>[3]): Promise<boolean> {
    return updateOwnedJob(this.opts.db, id, this.workerId, fields);
  }
}
