import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { sharedUnlessLost } from '../lib/redis-outage.ts';

type Done = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** What the plugin really passes to `child`: the route's merged limit settings, with the route under `routeInfo`. */
const routeKey = (options: ChildOptions): string => {
  const route = (options as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
  return `${String(route?.method ?? '')}${route?.url ?? ''}-`;
};

/** Adds to a counter, starting its window on the first hit; answers the total and the window's time left. */
const ADD_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if total == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return {total, ttl}`;

interface RedisWithAdd extends Redis {
  rateLimitAdd(key: string, amount: number, windowMs: number): Promise<[number, number]>;
}

function withAddCommand(redis: Redis): RedisWithAdd {
  const r = redis as RedisWithAdd;
  if (typeof r.rateLimitAdd !== 'function') r.defineCommand('rateLimitAdd', { numberOfKeys: 1, lua: ADD_SCRIPT });
  return r;
}

/** Windows counted in this process alone, for when Redis is away. */
class LocalWindows {
  private readonly windows = new Map<string, { end: number; count: number }>();

  constructor(private readonly now: () => number) {}

  add(key: string, timeWindow: number): { current: number; ttl: number } {
    const at = this.now();
    let window = this.windows.get(key);
    if (!window || window.end <= at) {
      window = { end: at + timeWindow, count: 0 };
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > RATE_LIMIT_KEYS) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count++;
    return { current: window.count, ttl: Math.max(0, Math.round(window.end - at)) };
  }
}

/**
 * Exact counting, one Redis round trip per hit: for the low-volume limits that guard accounts (sign-in,
 * sign-up, uploads). While Redis is away, each process counts alone, so a request never waits on it.
 */
class ExactRedisStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: RedisWithAdd,
    private readonly prefix: string,
    private readonly alone: LocalWindows,
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    sharedUnlessLost(
      this.redis,
      async () => {
        const [current, ttl] = await this.redis.rateLimitAdd(this.prefix + key, 1, timeWindow);
        return { current, ttl };
      },
      async () => this.alone.add(this.prefix + key, timeWindow),
    ).then(
      (count) => done(null, count),
      (err: Error) => done(err),
    );
  }

  child(options: ChildOptions): ExactRedisStore {
    return new ExactRedisStore(this.redis, this.prefix + routeKey(options), this.alone);
  }
}

interface Counter {
  /** when this process's view of the window ends (ms, performance clock) */
  windowEnd: number;
  /** the shared total as Redis last reported it */
  shared: number;
  /** hits counted here and not yet sent */
  pending: number;
}

/** How often the hits counted in this process are sent to Redis. */
export const RATE_LIMIT_SYNC_MS = 50;
/** Clients whose counters one process keeps at once (the least recently seen go first). */
export const RATE_LIMIT_KEYS = 10_000;

/**
 * The general per-IP limit shared by every server process through Redis, without a Redis round trip per
 * request: each process counts locally and sends what it counted every RATE_LIMIT_SYNC_MS, learning the
 * shared total in return. A client spread over N processes can overshoot the limit by what it sends
 * in one sync interval to each of them; for a flood limit of hundreds a minute that is a few requests.
 * When Redis is unreachable, each process goes on limiting with its own counts and retries the sync.
 *
 * Limits set on a route (sign-in, uploads, tickets) are low-volume and guard accounts: `child` gives
 * them exact counting, one round trip per hit.
 */
export function batchedRedisStore(redis: Redis, prefix: string, log: Logger, now = () => performance.now()) {
  const client = withAddCommand(redis);
  const alone = new LocalWindows(now);
  return class BatchedRedisStore implements FastifyRateLimitStore {
    private readonly counters = new Map<string, Counter>();
    private timer: NodeJS.Timeout | undefined;
    private warned = false;

    incr(key: string, done: Done, timeWindow: number): void {
      const at = now();
      let counter = this.counters.get(key);
      if (counter && counter.windowEnd <= at) counter = undefined;
      if (!counter) counter = { windowEnd: at + timeWindow, shared: 0, pending: 0 };
      this.counters.delete(key); // re-inserted last: the Map's order is the recency order
      this.counters.set(key, counter);
      if (this.counters.size > RATE_LIMIT_KEYS) this.counters.delete(this.counters.keys().next().value!);
      counter.pending++;
      this.timer ??= setTimeout(() => void this.sync(timeWindow), RATE_LIMIT_SYNC_MS).unref();
      done(null, { current: counter.shared + counter.pending, ttl: Math.max(0, Math.round(counter.windowEnd - at)) });
    }

    /** Sends every counter's pending hits in one pipeline and takes back the shared totals. */
    async sync(timeWindow: number): Promise<void> {
      this.timer = undefined;
      const batch = [...this.counters]
        .filter(([, c]) => c.pending > 0)
        .map(([key, c]) => ({ key, c, sent: c.pending }));
      if (batch.length === 0) return;
      batch.forEach(({ c, sent }) => (c.pending -= sent));
      const pipeline = client.pipeline();
      for (const { key, sent } of batch)
        void (pipeline as unknown as RedisWithAdd).rateLimitAdd(prefix + key, sent, timeWindow);
      const results = await pipeline.exec().catch((err: Error) => batch.map(() => [err, null] as const));
      const at = now();
      results?.forEach(([err, value], i) => {
        const { c, sent } = batch[i]!;
        if (err || !Array.isArray(value)) {
          c.pending += sent; // counted again at the next sync
          if (!this.warned) log.warn({ err }, 'rate limit: Redis did not answer; limiting per process until it does');
          this.warned = true;
          return;
        }
        const [total, ttl] = value as [number, number];
        c.shared = total;
        c.windowEnd = at + ttl;
        this.warned = false;
      });
      if (batch.some(({ c }) => c.pending > 0))
        this.timer ??= setTimeout(() => void this.sync(timeWindow), RATE_LIMIT_SYNC_MS).unref();
    }

    child(options: ChildOptions): ExactRedisStore {
      return new ExactRedisStore(client, prefix + routeKey(options), alone);
    }
  };
}
