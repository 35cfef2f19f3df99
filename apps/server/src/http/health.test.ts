import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { sharedProbe } from './health.ts';

describe('sharedProbe', () => {
  it('turns a flood of checks into one ping, and a good answer stands for the reuse window only', async () => {
    let pings = 0;
    let now = 0;
    const probe = sharedProbe(
      async () => void pings++,
      () => now,
      1000,
    );
    await Promise.all(Array.from({ length: 500 }, () => probe()));
    expect(pings).toBe(1);
    now = 999;
    await probe();
    expect(pings).toBe(1);
    now = 1000;
    await probe();
    expect(pings).toBe(2);
  });

  it('never lets a failure stand: every check fails while the database is down, the first after it returns passes', async () => {
    let up = false;
    let pings = 0;
    const probe = sharedProbe(
      async () => {
        pings++;
        if (!up) throw new Error('connection refused');
      },
      () => 0,
    );
    const down = await Promise.allSettled([probe(), probe(), probe()]);
    expect(down.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(pings).toBe(1);
    await expect(probe()).rejects.toThrow('connection refused');
    up = true;
    await expect(probe()).resolves.toBeUndefined();
    expect(pings).toBe(3);
  });
});

describe('/healthz and /readyz', () => {
  it('/healthz is liveness: it answers while the database is gone; /readyz answers 503 naming the database', async () => {
    const t = await createTestApp('sqlite');
    await t.ctx.db.destroy();
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', down: ['database'], degraded: [] });
    expect(ready.headers['retry-after']).toBe('5');
    await t.close();
  });

  it('/readyz answers 200 "ready" while the database answers', async () => {
    const t = await createTestApp('sqlite');
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', down: [], degraded: [] });
    await t.close();
  });
});
