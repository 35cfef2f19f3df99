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

it('/healthz answers 503 with a code when the database is gone', async () => {
  const t = await createTestApp('sqlite');
  await t.ctx.db.destroy();
  const res = await t.app.inject({ url: '/healthz' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ code: 'service_unavailable' });
  expect(res.headers['retry-after']).toBe('5');
  await t.close();
});
