import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { JobQueue, type QueueOptions } from './job-queue.ts';
import type { JobHandler } from './job-types.ts';

const silent = { error: () => undefined, info: () => undefined };
const options = (overrides: Partial<QueueOptions> = {}): QueueOptions => ({ concurrency: 2, pollMs: 20, leaseMs: 3000, backoffMs: 10, log: silent, ...overrides });
const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};
let seq = 0;
const jobId = () => `test-${Date.now()}-${++seq}`;

// The tests reuse the one real job type; each queue here is separate from the app's (which is not started).
describe.each(testDialects)('job queue on %s', (dialect) => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, { JOBS_WORKER: 'false' });
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop(100)));
    await t.close();
  });

  function queue(handler: JobHandler<'transcode-video'>, overrides: Partial<QueueOptions> = {}) {
    const q = new JobQueue(t.ctx.db, t.ctx.dialect, options(overrides));
    q.register('transcode-video', handler);
    queues.push(q);
    return q;
  }
  const status = async (q: JobQueue, id: string) => (await q.getJob(id))?.status;

  it('runs a job to success with progress', async () => {
    const q = queue({ run: async (_p, job) => job.reportProgress(50) });
    const id = jobId();
    await q.enqueue('transcode-video', { videoId: 'v1' }, { jobId: id });
    q.start();
    await until(async () => (await status(q, id)) === 'succeeded');
    expect((await q.getJob(id))?.progress).toBe(100);
    await q.stop();
  });

  it('retries with backoff, then fails for good and calls the final-failure hook once', async () => {
    const failures: string[] = [];
    let attempts = 0;
    const q = queue({
      run: async () => {
        attempts++;
        throw new Error('ffmpeg exploded');
      },
      onFinalFailure: async ({ videoId }, error) => void failures.push(`${videoId}:${error}`),
    });
    const id = jobId();
    await q.enqueue('transcode-video', { videoId: 'v2' }, { jobId: id, maxAttempts: 3 });
    q.start();
    await until(async () => (await status(q, id)) === 'failed');
    await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toBe(3);
    expect(failures).toEqual(['v2:ffmpeg exploded']);
    expect((await q.getJob(id))?.last_error).toBe('ffmpeg exploded');
    await q.stop();
  });

  it('queues one job per id, however often it is enqueued', async () => {
    let runs = 0;
    const q = queue({ run: async () => void runs++ });
    const id = jobId();
    await Promise.all([1, 2, 3].map(() => q.enqueue('transcode-video', { videoId: 'v3' }, { jobId: id })));
    q.start();
    await until(async () => (await status(q, id)) === 'succeeded');
    expect(runs).toBe(1);
    await q.stop();
  });

  it('never runs a job twice when two workers share the database', async () => {
    const counts = new Map<string, number>();
    const handler: JobHandler<'transcode-video'> = {
      run: async ({ videoId }) => {
        counts.set(videoId, (counts.get(videoId) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    const [a, b] = [queue(handler), queue(handler)];
    const ids = Array.from({ length: 30 }, () => jobId());
    for (const [i, id] of ids.entries()) await a.enqueue('transcode-video', { videoId: `shared-${i}` }, { jobId: id });
    a.start();
    b.start();
    await until(async () => (await Promise.all(ids.map((id) => status(a, id)))).every((s) => s === 'succeeded'), 20_000);
    expect([...counts.values()]).toEqual(Array(30).fill(1));
    await Promise.all([a.stop(), b.stop()]);
  });

  it('picks up a job whose worker died holding it', async () => {
    const id = jobId();
    const q = queue({ run: async () => undefined });
    await q.enqueue('transcode-video', { videoId: 'v4' }, { jobId: id });
    // a worker that claimed the job and vanished: its lease ran out a second ago
    await t.ctx.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'dead-worker', locked_until: new Date(Date.now() - 1000).toISOString(), attempts: 1 })
      .where('id', '=', id)
      .execute();
    q.start();
    await until(async () => (await status(q, id)) === 'succeeded');
    await q.stop();
  });

  it('lets a running job finish when stopping', async () => {
    let finished = false;
    const q = queue({
      run: async () => {
        await new Promise((r) => setTimeout(r, 300));
        finished = true;
      },
    });
    const id = jobId();
    await q.enqueue('transcode-video', { videoId: 'v5' }, { jobId: id });
    q.start();
    await until(async () => (await status(q, id)) === 'running');
    await q.stop(5000);
    expect(finished).toBe(true);
    expect(await status(q, id)).toBe('succeeded');
  });
});
