import { Redis } from 'ioredis';
import pino from 'pino';
import { LocalLiveBus, RedisLiveBus, type LiveBus } from '../live/live-bus.ts';

/** One process's end of the live bus, and the other's (the same bus when it is the in-process one). */
export interface BusPair {
  a: LiveBus;
  b: LiveBus;
  close(): Promise<void>;
}

/**
 * The live buses a test of cross-process behaviour runs over, by name: in one process always, and
 * over Redis (under a key prefix of its own) when REDIS_URL is set. `closeAll` ends the Redis clients.
 */
export function testBusPairs(name: string): { pairs: [string, () => BusPair][]; closeAll(): void } {
  const connections: Redis[] = [];
  const pairs: [string, () => BusPair][] = [
    [
      'in one process',
      () => {
        const bus = new LocalLiveBus();
        return { a: bus, b: bus, close: () => bus.close() };
      },
    ],
  ];
  if (process.env.REDIS_URL) {
    const prefix = `test-${name}-${Date.now()}:`;
    const redisBus = () => {
      const redis = new Redis(process.env.REDIS_URL!);
      connections.push(redis);
      return new RedisLiveBus(redis, prefix, pino({ level: 'silent' }));
    };
    pairs.push([
      'over Redis',
      () => {
        const [a, b] = [redisBus(), redisBus()];
        return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
      },
    ]);
  }
  return { pairs, closeAll: () => connections.forEach((c) => c.disconnect()) };
}
