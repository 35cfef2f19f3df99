import { StreamLimits } from '@app/shared';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLiveBus } from './live-bus.ts';

describe.runIf(process.env.REDIS_URL)('viewer counts across processes over Redis', () => {
  const prefix = `test-viewers-${Date.now()}:`;
  const log = pino({ level: 'silent' });
  const connections: Redis[] = [];
  const processBus = (aliveMs?: number) => {
    const redis = new Redis(process.env.REDIS_URL!);
    connections.push(redis);
    return { bus: new RedisLiveBus(redis, prefix, log, aliveMs), redis };
  };
  afterAll(() => connections.forEach((c) => c.disconnect()));

  it('adds every process’s viewers, and a process that stops takes exactly its own away', async () => {
    const a = processBus();
    const b = processBus();
    expect(await a.bus.addViewers('s1', 2)).toBe(2);
    expect(await b.bus.addViewers('s1', 3)).toBe(5);
    await b.bus.close();
    expect(await a.bus.viewers('s1')).toBe(2);
    await a.bus.close();
  });

  it('drops the viewers of a process that died without stopping once its sign of life expires', async () => {
    const a = processBus(400);
    const crashed = processBus(400);
    await a.bus.addViewers('s2', 1);
    expect(await crashed.bus.addViewers('s2', 4)).toBe(5);
    crashed.redis.disconnect(); // no close(): its count stays behind in Redis
    await expect.poll(() => a.bus.viewers('s2'), { timeout: 5_000 }).toBe(1);
    expect(Object.keys(await a.redis.hgetall(`${prefix}live-viewers:s2`))).toHaveLength(1);
    await a.bus.close();
  });

  it('writes a stalled process’s count again with its next sign of life, and removes a share that fell to zero', async () => {
    const a = processBus();
    const stalled = processBus(400);
    await a.bus.addViewers('s5', 2);
    expect(await stalled.bus.addViewers('s5', 3)).toBe(5);
    // what readers do to a process whose sign of life expired: its key and its count are gone
    const key = `${prefix}live-viewers:s5`;
    const counts = await a.redis.hgetall(key);
    const stalledId = Object.keys(counts).find((id) => counts[id] === '3')!;
    await a.redis.del(`${prefix}live-process:${stalledId}`);
    await a.redis.hdel(key, stalledId);
    expect(await a.bus.viewers('s5')).toBe(2);
    await expect.poll(() => a.bus.viewers('s5'), { timeout: 5_000 }).toBe(5);
    expect(await stalled.bus.addViewers('s5', -3)).toBe(2);
    expect(await a.redis.hkeys(key)).toHaveLength(1);
    await Promise.all([a.bus.close(), stalled.bus.close()]);
  });

  it('counts a user’s chat turns over every process: five in the window, wherever they were sent', async () => {
    const a = processBus();
    const b = processBus();
    const turns = await Promise.all(Array.from({ length: 7 }, (_, i) => (i % 2 ? b : a).bus.takeChatTurn('s3', 'u1')));
    expect(turns.filter(Boolean)).toHaveLength(StreamLimits.chatRateCount);
    expect(await b.bus.takeChatTurn('s3', 'u2')).toBe(true); // another user has turns of their own
    expect(await a.bus.takeChatTurn('s4', 'u1')).toBe(true); // and so has the same user in another stream
    await Promise.all([a.bus.close(), b.bus.close()]);
  });
});
