import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../testing/test-app.ts';
import { RATE_LIMIT_SYNC_MS, batchedRedisStore } from './rate-limit-store.ts';

type Store = InstanceType<ReturnType<typeof batchedRedisStore>>;
const log = pino({ level: 'silent' });
const WINDOW = 60_000;
const hit = (store: Pick<Store, 'incr'>, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), WINDOW),
  );
const afterSync = () => new Promise((r) => setTimeout(r, RATE_LIMIT_SYNC_MS * 3));

describe.skipIf(!process.env.REDIS_URL)('the shared rate limit over Redis', () => {
  const clients: Redis[] = [];
  afterAll(() => clients.forEach((c) => c.disconnect()));
  const connect = (url = process.env.REDIS_URL!, options = {}) => {
    const c = new Redis(url, options);
    clients.push(c);
    return c;
  };
  const prefix = () => `test-ratelimit-${randomBytes(4).toString('hex')}:`;

  it('counts locally without a round trip, and each process learns the shared total when it sends its own', async () => {
    const shared = prefix();
    const Store = batchedRedisStore(connect(), shared, log);
    const [a, b] = [new Store(), new Store()];
    for (let i = 1; i <= 6; i++) expect((await hit(a, '203.0.113.7')).current).toBe(i);
    for (let i = 1; i <= 6; i++) expect((await hit(b, '203.0.113.7')).current).toBe(i);
    await afterSync();
    expect(Number(await connect().get(`${shared}203.0.113.7`))).toBe(12);
    // Each sends its next hit within one sync interval and learns the total: both are over the limit of 10.
    await hit(a, '203.0.113.7');
    await hit(b, '203.0.113.7');
    await afterSync();
    expect((await hit(a, '203.0.113.7')).current).toBeGreaterThanOrEqual(14);
    expect((await hit(b, '203.0.113.7')).current).toBeGreaterThanOrEqual(14);
    // Another client has a count of its own.
    expect((await hit(a, '198.51.100.1')).current).toBe(1);
  });

  it('the window comes from Redis: its time left is what the shared key has', async () => {
    const shared = prefix();
    const redis = connect();
    await redis.set(`${shared}192.0.2.5`, 3, 'PX', 5_000);
    const store = new (batchedRedisStore(redis, shared, log))();
    await hit(store, '192.0.2.5');
    await afterSync();
    const { current, ttl } = await hit(store, '192.0.2.5');
    expect(current).toBe(5);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it('attack: with Redis unreachable it goes on limiting with its own counts, and never throws', async () => {
    const down = connect('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    down.on('error', () => undefined);
    const store = new (batchedRedisStore(down, prefix(), log))();
    for (let i = 1; i <= 12; i++) expect((await hit(store, '203.0.113.9')).current).toBe(i);
    await afterSync();
    expect((await hit(store, '203.0.113.9')).current).toBe(13);
  });

  it('route limits (sign-in, uploads) count exactly: every hit goes to Redis', async () => {
    const shared = prefix();
    const Store = batchedRedisStore(connect(), shared, log);
    const route = { routeInfo: { method: 'POST', url: '/api/auth/login' } } as never;
    const [a, b] = [new Store().child(route), new Store().child(route)];
    expect((await hit(a, 'k')).current).toBe(1);
    expect((await hit(b, 'k')).current).toBe(2);
    expect((await hit(a, 'k')).current).toBe(3);
  });
});

describe.each(testDialects)('the general per-IP limit on %s', (dialect) => {
  it('refuses the API past RATE_LIMIT_MAX with 429 and a code; health checks and pages are not counted', async () => {
    const t = await createTestApp(dialect, { RATE_LIMIT_MAX: '5' });
    try {
      for (let i = 0; i < 8; i++) expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await t.app.inject({ url: '/api/videos' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await t.app.inject({ url: '/api/clips' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
