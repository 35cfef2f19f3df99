import type { Redis } from 'ioredis';

/**
 * Connection options for the server's Redis clients (rate limits, live bus, read-cache news). A
 * command sent while Redis is unreachable fails at once instead of waiting in a queue, and one sent to
 * a Redis that stopped answering fails after COMMAND_TIMEOUT_MS: every caller has a per-process way to
 * carry on (see `sharedUnlessLost`). ioredis reconnects by itself, at most RECONNECT_MAX_MS apart.
 */
export const COMMAND_TIMEOUT_MS = 1000;
export const RECONNECT_MAX_MS = 2000;
export const resilientRedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: COMMAND_TIMEOUT_MS,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_MS),
} as const;

/** Clients that lost their connection and have not been ready since (see `watchOutages`). */
const away = new WeakSet<Redis>();

/**
 * Follows a client's connection: from its loss until it is ready again, `connectionLost` says so, and
 * the outage is logged once when it starts and once when it ends, instead of one line per failed
 * reconnection attempt (an outage of 30 s used to write hundreds). No `log`: followed, not logged.
 */
export function watchOutages(
  redis: Redis,
  log?: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
  what = 'redis',
): void {
  let logged = false;
  redis.on('error', (err: Error) => {
    away.add(redis);
    if (logged || !log) return;
    logged = true;
    log.error({ err }, `${what}: Redis is unreachable; carrying on without it until it returns`);
  });
  redis.on('close', () => away.add(redis));
  redis.on('ready', () => {
    away.delete(redis);
    if (!logged) return;
    logged = false;
    log?.info({}, `${what}: Redis is back`);
  });
}

/** ioredis states in which the connection is known to be lost (not merely being opened). */
const LOST = new Set(['reconnecting', 'close', 'end']);
/** True from a connection's loss until it is ready again (while it is being opened the first time: false). */
export const connectionLost = (redis: Redis): boolean => away.has(redis) || LOST.has(redis.status);

/**
 * `shared()` unless the client's connection is known to be lost; `alone()`, the per-process stand-in,
 * then or when `shared()` fails. `onFailure` hears of a failed shared call.
 */
export async function sharedUnlessLost<T>(
  redis: Redis,
  shared: () => Promise<T>,
  alone: () => Promise<T>,
  onFailure: (err: unknown) => void = () => {},
): Promise<T> {
  if (connectionLost(redis)) return alone();
  try {
    return await shared();
  } catch (err) {
    onFailure(err);
    return alone();
  }
}
