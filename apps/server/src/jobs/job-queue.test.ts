import { randomBytes } from 'node:crypto';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../db/database.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { BullJobQueue } from './bullmq-job-queue.ts';
import type { JobQueue, JobQueueOptions } from './job-queue.ts';
import type { JobHandler } from './job-types.ts';
import { SqlJobQueue } from './sql-job-queue.ts';
import { sleep } from './wait.ts';

type Backend = 'sql' | 'bullmq';
const redisUrl = process.env.REDIS_URL;
const cases: Array<[string, Backend]> = testDialects.flatMap((d) => [
  [d, 'sql'] as [string, Backend],
  ...(redisUrl ? [[d, 'bullmq'] as [string, Backend]] : []),
]);

// Quiet by default (failures are expected here); JOBS_TEST_LOG=1 shows what the queues log.
const log = process.env.JOBS_TEST_LOG
  ? { error: (o: object, m: string) => console.error(m, o), info: (o: object, m: string) => console.info(m, o) }
  : { error: () => undefined, info: () => undefined };
const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
};

/** A table of its own, so "ran exactly once" is checked in the database the workers share. */
interface CounterDb {
  job_test_counters: { id: string; n: number };
}

describe.each(cases)('job queue on %s (%s)', (dialect, backend) => {
  let t: TestApp;
  const run = randomBytes(4).toString('hex');
  const prefix = `test-jobs-${run}:bull`; // a BullMQ namespace per run, so parallel runs never meet
  const queues: JobQueue[] = [];
  const handles: DatabaseHandle[] = [];
  let seq = 0;
  const jobId = () => `t-${run}-${++seq}`;

  beforeAll(async () => {
    t = await createTestApp(dialect as 'sqlite' | 'postgres', { JOBS_WORKER: 'false' });
    await (t.ctx.db as unknown as Kysely<CounterDb>).schema
      .createTable('job_test_counters')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('n', 'integer', (c) => c.notNull())
      .execute();
  });
  // A test that failed half-way must not leave its workers taking the next test's jobs.
  afterEach(async () => {
    await Promise.all(queues.map((q) => q.stop(100)));
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await Promise.all(handles.map((h) => h.close()));
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await t.close();
  });

  function queue(handler: JobHandler<'noop'>, overrides: Partial<JobQueueOptions> = {}): JobQueue {
    const options: JobQueueOptions = {
      db: t.ctx.db,
      dialect: t.ctx.dialect,
      context: () => t.ctx,
      log,
      concurrency: 2,
      pollMs: 20,
      leaseMs: 1000,
      backoffMs: 40,
      ...overrides,
    };
    const q =
      backend === 'sql' ? new SqlJobQueue(options) : new BullJobQueue({ ...options, redisUrl: redisUrl!, prefix });
    q.register('noop', handler);
    queues.push(q);
    return q;
  }
  /** A second connection to the same database, as a second worker process would have. */
  function secondConnection(): Db {
    const handle = openDatabase({ databaseUrl: t.ctx.config.databaseUrl, dataDir: t.ctx.config.dataDir });
    handles.push(handle);
    return handle.db;
  }
  const status = async (q: JobQueue, id: string) => (await q.getJob(id))?.status;

  it('runs a job to success, handing it the payload, the context and progress reporting', async () => {
    const seen: unknown[] = [];
    const q = queue(async (payload, job) => {
      seen.push(payload, job.attempt, job.ctx === t.ctx);
      await job.reportProgress(50);
    });
    const id = await q.enqueue('noop', { note: 'hello' }, { jobId: jobId() });
    expect(await status(q, id)).toBe('queued');
    q.start();
    await until(async () => (await status(q, id)) === 'succeeded');
    expect(seen).toEqual([{ note: 'hello' }, 1, true]);
    expect(await q.getJob(id)).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, lastError: null });
    await q.stop();
  });

  it('retries with exponential backoff, then fails for good and calls the final-failure hook once', async () => {
    const runs: number[] = [];
    const failures: string[] = [];
    const q = queue(async () => {
      runs.push(Date.now());
      throw new Error('ffmpeg exploded');
    });
    q.onFinalFailure('noop', async ({ note }, error, ctx) => {
      expect(ctx).toBe(t.ctx);
      failures.push(`${note}:${error}`);
    });
    const id = await q.enqueue('noop', { note: 'v2' }, { jobId: jobId(), maxAttempts: 3 });
    q.start();
    await until(async () => (await status(q, id)) === 'failed');
    await sleep(300); // room for a wrong extra attempt or hook call to show up
    expect(runs).toHaveLength(3);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(35); // 40 ms, then 80 ms
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(75);
    expect(failures).toEqual(['v2:ffmpeg exploded']);
    expect(await q.getJob(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'ffmpeg exploded',
    });
    await q.stop();
  });

  it('runs one job per id, however often and however concurrently it is enqueued', async () => {
    let runs = 0;
    const q = queue(async () => void runs++);
    const id = jobId();
    const ids = await Promise.all([1, 2, 3].map(() => q.enqueue('noop', {}, { jobId: id })));
    expect(new Set(ids)).toEqual(new Set([id]));
    q.start();
    await until(async () => (await status(q, id)) === 'succeeded');
    await q.enqueue('noop', {}, { jobId: id });
    await sleep(200);
    expect(runs).toBe(1);
    await q.stop();
  });

  it('never runs a job twice when two workers share the database', async () => {
    const counters = t.ctx.db as unknown as Kysely<CounterDb>;
    const handler: JobHandler<'noop'> = async ({ note }) => {
      await counters
        .updateTable('job_test_counters')
        .set({ n: sql`n + 1` })
        .where('id', '=', note!)
        .execute();
      await sleep(5);
    };
    const a = queue(handler);
    const b = queue(handler, { db: secondConnection() });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const note = `${run}-${i}`;
      await counters.insertInto('job_test_counters').values({ id: note, n: 0 }).execute();
      ids.push(await a.enqueue('noop', { note }, { jobId: jobId() }));
    }
    a.start();
    b.start();
    await until(
      async () => (await Promise.all(ids.map((id) => status(a, id)))).every((s) => s === 'succeeded'),
      30_000,
    );
    const rows = await counters.selectFrom('job_test_counters').select('n').where('id', 'like', `${run}-%`).execute();
    expect(rows.map((r) => r.n)).toEqual(Array(30).fill(1));
    await Promise.all([a.stop(), b.stop()]);
  });

  it('runs a job again when the worker holding it died', async () => {
    const attempts: number[] = [];
    const q = queue(async (_p, job) => void attempts.push(job.attempt));
    const id = await q.enqueue('noop', {}, { jobId: jobId() });
    await simulateCrashedWorker(id);
    q.start();
    await until(async () => (await status(q, id)) === 'succeeded');
    expect(attempts).toEqual([2]); // the lost run counts
    await q.stop();
  });

  it.runIf(backend === 'sql')(
    'fails a job for good, through the hook, once workers died on it every attempt',
    async () => {
      let ran = false;
      const failures: string[] = [];
      const q = queue(async () => void (ran = true));
      q.onFinalFailure('noop', async (_p, error) => void failures.push(error));
      const id = await q.enqueue('noop', {}, { jobId: jobId(), maxAttempts: 2 });
      await t.ctx.db
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_by: 'dead',
          locked_until: new Date(Date.now() - 1000).toISOString(),
          attempts: 2,
        })
        .where('id', '=', id)
        .execute();
      q.start();
      await until(async () => (await status(q, id)) === 'failed');
      expect(ran).toBe(false);
      expect(failures).toEqual(['worker lost the job 2 times']);
      await q.stop();
    },
  );

  it('lets a running job finish when stopping', async () => {
    let finished = false;
    const q = queue(async () => {
      await sleep(300);
      finished = true;
    });
    const id = await q.enqueue('noop', {}, { jobId: jobId() });
    q.start();
    await until(async () => (await status(q, id)) === 'running');
    await q.stop(5000);
    expect(finished).toBe(true);
    expect(await status(q, id)).toBe('succeeded');
  });

  it('aborts a job that outlasts the grace period and hands it back without using an attempt', async () => {
    const q = queue(
      (_p, job) =>
        new Promise((_resolve, reject) => job.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const id = await q.enqueue('noop', {}, { jobId: jobId(), maxAttempts: 1 });
    q.start();
    await until(async () => (await status(q, id)) === 'running');
    await q.stop(50);
    expect(await q.getJob(id)).toMatchObject({ status: 'queued', attempts: 0 });

    const attempts: number[] = [];
    const next = queue(async (_p, job) => void attempts.push(job.attempt));
    next.start();
    await until(async () => (await status(next, id)) === 'succeeded');
    expect(attempts).toEqual([1]);
    await next.stop();
  });

  it('enqueues inside a transaction: nothing on rollback, the job after commit', async () => {
    let runs = 0;
    const q = queue(async () => void runs++);
    q.start();
    const [lost, kept] = [jobId(), jobId()];
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await q.enqueue('noop', {}, { jobId: lost }, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.ctx.db.transaction().execute(async (trx) => {
      await q.enqueue('noop', {}, { jobId: kept }, trx);
    });
    await until(async () => (await status(q, kept)) === 'succeeded');
    expect(await q.getJob(lost)).toBeUndefined();
    expect(runs).toBe(1);
    await q.stop();
  });

  it('keeps to a per-type concurrency below the overall one', async () => {
    let now = 0;
    let peak = 0;
    const q = queue(
      async () => {
        peak = Math.max(peak, ++now);
        await sleep(40);
        now--;
      },
      { concurrency: 4, typeConcurrency: { noop: 1 } },
    );
    const ids = await Promise.all([1, 2, 3, 4].map(() => q.enqueue('noop', {}, { jobId: jobId() })));
    q.start();
    await until(async () => (await Promise.all(ids.map((id) => status(q, id)))).every((s) => s === 'succeeded'));
    expect(peak).toBe(1);
    await q.stop();
  });

  /** A worker took the job and vanished: its lease (SQL) or lock (BullMQ) is left to run out. */
  async function simulateCrashedWorker(id: string): Promise<void> {
    if (backend === 'sql') {
      await t.ctx.db
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_by: 'dead-worker',
          locked_until: new Date(Date.now() - 1000).toISOString(),
          attempts: 1,
        })
        .where('id', '=', id)
        .execute();
      return;
    }
    const connection = new Redis(redisUrl!, { maxRetriesPerRequest: null });
    const dead = new Worker(BullJobQueue.queueName('noop'), null, { connection, prefix, lockDuration: 200 });
    const taken = await dead.getNextJob('dead-token');
    expect(taken?.data.id).toBe(id);
    await dead.close(true);
    await connection.quit();
  }
});
