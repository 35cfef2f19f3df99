import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Dialect, Executor } from '../db/database.ts';
import { nowIso } from '../lib/ids.ts';
import type { JobContext, JobHandler, JobPayloads, JobType, JobsTable } from './job-types.ts';

export interface QueueOptions {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  backoffMs: number;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export interface EnqueueOptions {
  /** the same id is queued once, however often it is enqueued */
  jobId: string;
  maxAttempts?: number;
  delayMs?: number;
}

/**
 * A durable job queue in the application's own database. Enqueueing can join the caller's
 * transaction, so a row and the job that processes it commit together or not at all. Workers in
 * any number of processes claim jobs atomically (SKIP LOCKED on PostgreSQL, the single writer on
 * SQLite); a crashed worker's lease expires and the job runs again; failures retry with backoff.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler<JobType>>();
  private readonly running = new Map<string, AbortController>();
  private readonly workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private polling = false;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly opts: QueueOptions,
  ) {}

  register<T extends JobType>(type: T, handler: JobHandler<T>): void {
    this.handlers.set(type, handler as unknown as JobHandler<JobType>);
  }

  async enqueue<T extends JobType>(type: T, payload: JobPayloads[T], options: EnqueueOptions, trx: Executor = this.db): Promise<void> {
    const at = new Date();
    await trx
      .insertInto('jobs')
      .values({
        id: options.jobId,
        type,
        payload: JSON.stringify(payload),
        status: 'queued',
        attempts: 0,
        max_attempts: options.maxAttempts ?? 3,
        run_at: new Date(at.getTime() + (options.delayMs ?? 0)).toISOString(),
        locked_by: null,
        locked_until: null,
        progress: 0,
        last_error: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    if (!this.stopped) setImmediate(() => void this.poll());
  }

  getJob(id: string): Promise<JobsTable | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.poll(), this.opts.pollMs);
    void this.poll();
  }

  /** Stops claiming; running jobs get `graceMs` to finish, then are aborted (and retried later). */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    const deadline = Date.now() + graceMs;
    while (this.running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const controller of this.running.values()) controller.abort();
    while (this.running.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  /** Claims and starts jobs while there are free slots. */
  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      while (!this.stopped && this.running.size < this.opts.concurrency) {
        const job = await this.claim();
        if (!job) break;
        void this.execute(job);
      }
    } catch (err) {
      this.opts.log.error({ err }, 'job poll failed');
    } finally {
      this.polling = false;
    }
  }

  private async claim(): Promise<JobsTable | undefined> {
    const now = nowIso();
    const lockedUntil = new Date(Date.now() + this.opts.leaseMs).toISOString();
    const types = [...this.handlers.keys()];
    if (types.length === 0) return undefined;
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('type', 'in', types)
      .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]))
      .orderBy('run_at')
      .limit(1);
    return this.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: this.workerId, locked_until: lockedUntil, attempts: sql`attempts + 1`, updated_at: now })
      .where('id', '=', this.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returningAll()
      .executeTakeFirst();
  }

  private async execute(job: JobsTable): Promise<void> {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const renew = setInterval(() => {
      void this.ownRow(job.id).set({ locked_until: new Date(Date.now() + this.opts.leaseMs).toISOString() }).execute().catch(() => undefined);
    }, this.opts.leaseMs / 3);
    const handler = this.handlers.get(job.type)!;
    const payload = JSON.parse(job.payload) as JobPayloads[JobType];
    const context: JobContext = {
      signal: controller.signal,
      attempt: job.attempts,
      reportProgress: async (percent) => {
        await this.ownRow(job.id).set({ progress: Math.max(0, Math.min(100, Math.round(percent))), updated_at: nowIso() }).execute();
      },
    };
    try {
      await handler.run(payload, context);
      await this.ownRow(job.id).set({ status: 'succeeded', progress: 100, locked_by: null, locked_until: null, last_error: null, updated_at: nowIso() }).execute();
    } catch (err) {
      await this.failed(job, handler, payload, err, controller.signal.aborted && this.stopped);
    } finally {
      clearInterval(renew);
      this.running.delete(job.id);
      if (!this.stopped) setImmediate(() => void this.poll());
    }
  }

  private async failed(job: JobsTable, handler: JobHandler<JobType>, payload: JobPayloads[JobType], err: unknown, shuttingDown: boolean): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const final = !shuttingDown && job.attempts >= job.max_attempts;
    this.opts.log.error({ err, job: job.id, attempt: job.attempts, final }, 'job failed');
    const retryAt = new Date(Date.now() + (shuttingDown ? 0 : this.opts.backoffMs * 2 ** (job.attempts - 1))).toISOString();
    await this.ownRow(job.id)
      .set({
        status: final ? 'failed' : 'queued',
        run_at: retryAt,
        // a job interrupted by shutdown did not really fail: give its attempt back
        attempts: shuttingDown ? sql`attempts - 1` : sql`attempts`,
        locked_by: null,
        locked_until: null,
        last_error: message.slice(0, 2000),
        updated_at: nowIso(),
      })
      .execute();
    if (final) await handler.onFinalFailure?.(payload, message).catch((e: unknown) => this.opts.log.error({ err: e }, 'final-failure hook failed'));
  }

  /** Updates only while this worker still holds the job (a reclaimed job is not touched). */
  private ownRow(id: string) {
    return this.db.updateTable('jobs').where('id', '=', id).where('locked_by', '=', this.workerId);
  }
}
