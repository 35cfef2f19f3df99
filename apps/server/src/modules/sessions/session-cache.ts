import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db, Executor } from '../../db/database.ts';
import { afterWrite } from '../../db/group-commit.ts';
import { runOnSqliteConnection } from '../../db/sqlite-dialect.ts';
import type { UsersTable } from '../../db/schema.ts';
import { oncePerTurn } from '../../lib/once-per-turn.ts';
import { RedisLiveBus, SESSIONS_CHANNEL, type LiveBus } from '../../live/live-bus.ts';

/** However many people are signed in, the cache holds no more than this many sessions (oldest go first). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  user: Readonly<UsersTable>;
  /** when the session itself expires (ms) */
  expiresAt: number;
  storedAt: number;
}

/**
 * Who each recently seen session token belongs to, kept in memory for a short time: every signed-in
 * request asks, and the answer rarely changes. Whatever changes a user or a session (sign-out,
 * a password or role change, a deleted account) drops every kept session once its transaction has
 * ended, here and, through the live bus, in the other server processes. The admin CLI announces
 * its changes too, and on SQLite any other program's commit is noticed; the time limit covers what
 * other programs write to PostgreSQL. A read that began before a drop never keeps its answer (the
 * generation it began under has passed), so a revoked session is never brought back.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;
  #externalVersion: number | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly onInvalidate: () => void = () => {},
    /** a number that changes when another program writes to the database (undefined: cannot tell) */
    private readonly externalVersion: () => number | undefined = () => undefined,
  ) {}

  /** The user behind a kept, unexpired session; undefined when the database must be asked. */
  get(tokenHash: string): Readonly<UsersTable> | undefined {
    this.#noticeExternalWrites();
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.storedAt < this.ttlMs && now < entry.expiresAt) return entry.user;
    this.#entries.delete(tokenHash);
    return undefined;
  }

  /** Stamp a database read with this before it starts; `set` keeps its answer only if nothing changed since. */
  get generation(): number {
    return this.#generation;
  }

  set(generation: number, tokenHash: string, user: UsersTable, expiresAt: number): Readonly<UsersTable> {
    const kept = Object.freeze(user); // shared by every request with this token: no one may change it
    if (generation !== this.#generation) return kept;
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, { user: kept, expiresAt, storedAt: this.now() });
    if (this.#entries.size > SESSION_CACHE_MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    return kept;
  }

  /** Another program (the admin CLI, a worker process) wrote to the database since the last look: keep nothing from before. */
  #noticeExternalWrites(): void {
    const version = this.externalVersion();
    if (version === undefined || version === this.#externalVersion) return;
    if (this.#externalVersion !== undefined) this.drop();
    this.#externalVersion = version;
  }

  /** Drops every kept session here and tells the other processes to do the same. */
  invalidate(): void {
    this.drop();
    this.onInvalidate();
  }

  /** Drops every kept session here only (what another process's invalidation does). */
  drop(): void {
    this.#entries.clear();
    this.#generation++;
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The session cache of a database's server process; undefined where there is none (the admin CLI, tools). */
export const sessionCacheOf = (db: Db): SessionCache | undefined => caches.get(db);

/**
 * For every write to users or sessions: the cache drops what it holds once the write has committed
 * or rolled back (before that, a concurrent read could still copy the old rows).
 */
export function forgetSessions(db: Executor): void {
  afterWrite(db, (written) => caches.get(written)?.invalidate());
}

/**
 * SQLite counts the commits of other connections (PRAGMA data_version): what the admin CLI or a
 * worker process wrote is seen from the next turn of the event loop on (asking costs about 9 µs, so
 * the requests read in one turn share one answer). Undefined on PostgreSQL, and while a transaction
 * holds the connection.
 */
const sqliteDataVersion = (db: Db): (() => number | undefined) =>
  oncePerTurn(
    () => runOnSqliteConnection<{ data_version: number }>(db, 'pragma data_version', [])?.rows[0]?.data_version,
  );

/**
 * Gives the server's database a session cache whose invalidations reach every process on the live
 * bus; on SQLite it also drops what it keeps whenever another program has written to the database.
 */
export async function useSharedSessionCache(db: Db, ttlMs: number, bus: LiveBus, log: Logger): Promise<void> {
  const origin = randomUUID(); // this process's own announcements come back over Redis: nothing to drop then
  const announce = () =>
    bus.publish(SESSIONS_CHANNEL, { type: 'sessions_changed', origin }).catch((err: unknown) => {
      log.warn({ err }, 'could not tell the other server processes to drop their session cache');
    });
  const cache = new SessionCache(ttlMs, Date.now, () => void announce(), sqliteDataVersion(db));
  await bus.subscribe(SESSIONS_CHANNEL, (event) => {
    if (event.type === 'sessions_changed' && event.origin !== origin) cache.drop();
  });
  caches.set(db, cache);
}

/**
 * From a program that is not a server (the admin CLI): tells the running server processes, over
 * Redis when it is configured, that it changed a user; on SQLite they notice by themselves.
 */
export async function announceSessionsChanged(
  redisUrl: string | undefined,
  prefix: string,
  log: Logger,
): Promise<void> {
  if (!redisUrl) return;
  const { Redis } = await import('ioredis'); // loaded only where Redis is configured, as at boot
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const bus = new RedisLiveBus(redis, prefix, log);
  try {
    await bus.publish(SESSIONS_CHANNEL, { type: 'sessions_changed', origin: 'admin-cli' });
  } finally {
    await bus.close();
    await redis.quit();
  }
}
