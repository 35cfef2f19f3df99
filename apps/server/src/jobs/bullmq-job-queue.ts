import { DelayedError, Job, Queue, UnrecoverableError, Worker, type JobState } from 'bullmq';
import { Redis } from 'ioredis';
import type { Updateable } from 'kysely';
import type { Executor } from '../db/database.ts';

import { BullOutbox, FORWARDED, bullJobId, type BullJobData } from './bullmq-outbox.ts';
import type { EnqueueOptions, JobInfo, JobQueue, JobQueueOptions } from './job-queue.ts';
import { JobRegistry } from './job-registry.ts';
import { backoffDelay, clampProgress, errorText, rowToInfo } from './job-rows.ts';
import { findJob, insertJobRow, updateJob } from './jobs.repository.ts';
import type { FinalFailureHook, JobHandler, JobPayloads, JobStatus, JobType, JobsTable } from './job-types.ts';
import { Semaphore } from '../lib/semaphore.ts';
import { settlesWithin } from './wait.ts';
import { systemClock } from '../lib/clock.ts';
import { connectionLost, watchOutages } from '../lib/redis-outage.ts';

const ABORT_WAIT_MS = 5_000;
const SHUTDOWN = new Error('worker shutting down');

export interface BullJobQueueOptions extends JobQueueOptions {
  redisUrl: string;
  /** BullMQ key prefix (REDIS_PREFIX + "bull"), so deployments and test runs sharing a Redis stay apart */
  prefix: string;
}

const STATUS: Partial<Record<JobState | 'unknown', JobStatus>> = {
  completed: 'succeeded',
  failed: 'failed',
  active: 'running',
};

/**
 * The scaled-out job queue: BullMQ on Redis, one queue and worker per job type (so per-type
 * concurrency holds across machines running `npm run worker`), behind the same interface as the SQL
 * queue. Enqueueing still goes through the `jobs` table as an outbox, so it can join the caller's
 * transaction; workers mirror each job's state back to that row.
 */
export class BullJobQueue implements JobQueue {
  readonly backend = 'bullmq';
  private readonly registry = new JobRegistry();
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly outbox: BullOutbox;
  private readonly gate: Semaphore;
  private readonly running = new Map<string, AbortController>();
  private workers: Worker<BullJobData>[] = [];
  private relayTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: BullJobQueueOptions) {
    // BullMQ workers block on Redis: their connection must retry commands forever rather than fail them.
    this.connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    watchOutages(this.connection, opts.log, 'job queue');
    this.outbox = new BullOutbox(opts.db, (type) => this.queue(type), opts.backoffMs, opts.log);
    // Each type's worker has its own limit; this keeps the process-wide one.
    this.gate = new Semaphore(opts.concurrency);
  }

  static queueName(type: string): string {
    return `jobs-${type}`;
  }

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
    // The row is committed (or will be with trx): with Redis away, nobody waits for it; the relay
    // forwards it once Redis answers again.
    if (trx || connectionLost(this.connection)) this.outbox.relaySoon();
    else
      await this.outbox
        .forward(id)
        .catch((err: unknown) => this.opts.log.error({ err, job: id }, 'job not handed to BullMQ yet'));
    return id;
  }

  async getJob(id: string): Promise<JobInfo | undefined> {
    const row = await findJob(this.opts.db, id);
    if (!row || row.locked_by !== FORWARDED) return row && rowToInfo(row); // unknown, or still in the outbox
    const job = await Job.fromId<BullJobData>(this.queue(row.type), bullJobId(id));
    if (!job) return rowToInfo(row); // BullMQ let it go after its retention: the mirror remembers
    const state = await job.getState();
    const status = STATUS[state] ?? 'queued';
    return {
      id,
      type: row.type,
      status,
      progress: status === 'succeeded' ? 100 : typeof job.progress === 'number' ? job.progress : 0,
      // BullMQ counts finished runs (success or failure); a running one is not counted yet, nor are lost runs.
      attempts: job.attemptsMade + job.stalledCounter + (state === 'active' ? 1 : 0),
      maxAttempts: job.opts.attempts ?? row.max_attempts,
      lastError: status === 'succeeded' ? null : job.failedReason || row.last_error,
    };
  }

  start(): void {
    if (this.workers.length > 0) return;
    for (const type of this.registry.types()) {
      const worker = new Worker<BullJobData>(BullJobQueue.queueName(type), (job, token) => this.process(job, token), {
        connection: this.connection,
        prefix: this.opts.prefix,
        concurrency: Math.min(this.opts.concurrency, this.opts.typeConcurrency?.[type] ?? this.opts.concurrency),
        lockDuration: this.opts.leaseMs,
        stalledInterval: this.opts.leaseMs,
        // A run lost with a crashed worker counts as an attempt in process(), which then fails the job
        // through the final-failure hook; BullMQ's own stall limit would fail it without calling it.
        maxStalledCount: Number.MAX_SAFE_INTEGER,
      });
      worker.on('error', (err) => {
        // Redis away: the connection's own line says so once; a worker would say it many times a second
        if (connectionLost(this.connection)) return;
        this.opts.log.error({ err, type }, 'job worker error');
      });
      this.workers.push(worker);
    }
    // The outbox relay runs in workers; rows enqueued by API nodes in a transaction arrive this way.
    this.relayTimer = setInterval(() => this.outbox.relay(), this.opts.pollMs);
    this.outbox.relay();
  }

  async stop(graceMs = 10_000): Promise<void> {
    clearInterval(this.relayTimer);
    const workers = this.workers;
    this.workers = [];
    if (workers.length === 0) return;
    // close() takes no new jobs and resolves once the running ones are done. With Redis away, their
    // outcome could not be recorded anyway: they are left to run again once their lock runs out.
    const force = connectionLost(this.connection);
    const closed = Promise.all(workers.map((w) => w.close(force)));
    if (await settlesWithin(closed, graceMs)) return;
    for (const controller of this.running.values()) controller.abort(SHUTDOWN);
    // A handler that ignores its signal keeps its lock until this process exits; it then stalls and reruns.
    await settlesWithin(closed, ABORT_WAIT_MS);
  }

  async close(): Promise<void> {
    await this.stop();
    if (connectionLost(this.connection)) return this.connection.disconnect();
    const polite = (async () => {
      await this.outbox.close();
      await Promise.all([...this.queues.values()].map((q) => q.close()));
      await this.connection.quit();
    })();
    // With Redis away nothing can be handed over or closed politely: the rows stay in the outbox for
    // the next start, and the process does not wait for a Redis that may not come back.
    if (!(await settlesWithin(polite, ABORT_WAIT_MS))) {
      this.connection.disconnect();
      polite.catch(() => {});
    }
  }

  private queue(type: string): Queue {
    let queue = this.queues.get(type);
    if (!queue) {
      queue = new Queue(BullJobQueue.queueName(type), { connection: this.connection, prefix: this.opts.prefix });
      queue.on('error', (err) => {
        if (!connectionLost(this.connection)) this.opts.log.error({ err, type }, 'job queue error');
      });
      this.queues.set(type, queue);
    }
    return queue;
  }

  private async process(job: Job<BullJobData>, token: string | undefined): Promise<void> {
    const { id } = job.data;
    const payload = job.data.payload as JobPayloads[JobType];
    const maxAttempts = job.opts.attempts ?? 1;
    // Runs lost with a crashed worker count, as they do in the SQL queue; runs handed back at shutdown do not.
    const attempt = job.attemptsMade + job.stalledCounter + 1;
    // Registered before waiting for a slot, so a shutdown can abort a job still waiting for one.
    const controller = new AbortController();
    this.running.set(id, controller);
    await this.gate.acquire();
    try {
      if (controller.signal.aborted) return await this.handBack(job, token);
      if (attempt > maxAttempts) throw new Error(`worker lost the job ${job.stalledCounter} times`);
      const handler = this.registry.handler(job.name);
      if (!handler) throw new Error(`no handler for job type ${job.name}`);
      await this.mirror(id, { status: 'running', attempts: attempt });
      let lastProgress = -1;
      await handler(payload, {
        signal: controller.signal,
        attempt,
        ctx: this.opts.context(),
        reportProgress: async (percent) => {
          const progress = clampProgress(percent);
          if (progress === lastProgress) return;
          lastProgress = progress;
          await job.updateProgress(progress);
        },
      });
      await this.mirror(id, { status: 'succeeded', progress: 100, last_error: null });
    } catch (err) {
      if (err instanceof DelayedError) throw err;
      if (controller.signal.reason === SHUTDOWN) return await this.handBack(job, token);
      const error = errorText(err);
      const final = attempt >= maxAttempts;
      this.opts.log.error({ err, job: id, type: job.name, attempt, final }, 'job failed');
      if (!final) {
        await this.mirror(id, {
          status: 'queued',
          last_error: error,
          run_at: new Date(Date.now() + backoffDelay(this.opts.backoffMs, attempt)).toISOString(),
        });
        throw err instanceof Error ? err : new Error(error);
      }
      await this.registry
        .hook(job.name)?.(payload, error, this.opts.context())
        .catch((e: unknown) => this.opts.log.error({ err: e, job: id }, 'final-failure hook failed'));
      await this.mirror(id, { status: 'failed', last_error: error });
      // Our count (which includes lost runs) says this was the last: BullMQ must not retry.
      throw new UnrecoverableError(error);
    } finally {
      this.running.delete(id);
      this.gate.release();
    }
  }

  /** Interrupted by shutdown, not failed: back to waiting without using up an attempt. */
  private async handBack(job: Job<BullJobData>, token: string | undefined): Promise<never> {
    await job.moveToDelayed(Date.now(), token);
    await this.mirror(job.data.id, { status: 'queued' });
    throw new DelayedError();
  }

  /** Keeps the `jobs` row in step; a failure here must not fail the job itself. */
  private async mirror(id: string, fields: Updateable<JobsTable>): Promise<void> {
    await updateJob(this.opts.db, id, { ...fields, updated_at: systemClock.iso() }).catch((err: unknown) =>
      this.opts.log.error({ err, job: id }, 'job mirror update failed'),
    );
  }
}
