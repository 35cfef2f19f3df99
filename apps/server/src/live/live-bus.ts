import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { StreamLimits, type ChatServerFrame, type Notification } from '@app/shared';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { CacheTopic } from '../http/read-cache.ts';
import { connectionLost, watchOutages, sharedUnlessLost } from '../lib/redis-outage.ts';

/**
 * Between server processes only, never to chat sockets: `ingest_stop` tells the node holding the
 * ingest to let go; a snapshot request asks it for the recording so far (for a clip of a live
 * stream), and its reply names the stored snapshot (cid null: nothing recorded yet);
 * `read_cache_invalidate` drops cached public answers (see http/read-cache.ts), `sessions_changed`
 * the sessions kept in memory (see modules/sessions/session-cache.ts); `notifications`
 * carries new notifications to the process holding each owner's notification sockets.
 */
export type InternalLiveEvent =
  | { type: 'ingest_stop' }
  | { type: 'read_cache_invalidate'; topics: CacheTopic[] }
  | { type: 'sessions_changed'; origin: string }
  | { type: 'snapshot_request'; request_id: string }
  | { type: 'snapshot_reply'; request_id: string; cid: string | null; duration_ms: number; failed: boolean }
  | { type: 'notifications'; items: Array<{ user_id: string; notification: Notification }> };

const INTERNAL_TYPES = new Set<string>([
  'ingest_stop',
  'read_cache_invalidate',
  'sessions_changed',
  'snapshot_request',
  'snapshot_reply',
  'notifications',
]);
/** The bus channel (in place of a stream id) on which processes tell each other to drop read-cache topics. */
export const READ_CACHE_CHANNEL = 'read-cache';
/** The bus channel on which a process that changed a user or a session tells the others to drop their session caches. */
export const SESSIONS_CHANNEL = 'sessions';
/** The bus channel on which new notifications reach every process's notification sockets. */
export const NOTIFICATIONS_CHANNEL = 'user-notifications';
export const isInternalEvent = (event: LiveEvent): event is InternalLiveEvent => INTERNAL_TYPES.has(event.type);

/** Frames for a stream's room, plus the events the server processes send each other. */
export type LiveEvent = ChatServerFrame | InternalLiveEvent;
export type LiveListener = (event: LiveEvent) => void;

/**
 * Carries a stream's events to every process that has sockets (or the ingest) of that stream, and
 * keeps the stream's viewer count across processes. In one process it is an event emitter; with
 * REDIS_URL it is Redis pub/sub, so chat rooms span server processes.
 */
export interface LiveBus {
  publish(streamId: string, event: LiveEvent): Promise<void>;
  /** returns the unsubscribe function */
  subscribe(streamId: string, listener: LiveListener): Promise<() => Promise<void>>;
  /** adds this process's delta to the stream's viewers; resolves to the total over every process */
  addViewers(streamId: string, delta: number): Promise<number>;
  viewers(streamId: string): Promise<number>;
  /**
   * Takes one of a user's chat turns in a stream (StreamLimits: so many per window, sliding),
   * counted over every process; false when none is left.
   */
  takeChatTurn(streamId: string, userId: string): Promise<boolean>;
  /** the same sliding window for any bucket (e.g. an address's WebSocket handshakes), over every process */
  takeTurn(bucket: string, limit: number, windowMs: number): Promise<boolean>;
  /** names the process (its internal URL) that serves a stream's live playlist and segments; null: none now */
  setMediaHost(streamId: string, url: string | null): Promise<void>;
  mediaHost(streamId: string): Promise<string | null>;
  close(): Promise<void>;
}

export class LocalLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly counts = new Map<string, number>();
  /** per bucket, the times of the turns taken within its window */
  private readonly turns = new Map<string, { windowMs: number; times: number[] }>();

  async publish(streamId: string, event: LiveEvent): Promise<void> {
    this.emitter.emit(streamId, event);
  }

  async subscribe(streamId: string, listener: LiveListener): Promise<() => Promise<void>> {
    this.emitter.on(streamId, listener);
    return async () => void this.emitter.off(streamId, listener);
  }

  async addViewers(streamId: string, delta: number): Promise<number> {
    const total = Math.max(0, (this.counts.get(streamId) ?? 0) + delta);
    if (total === 0) this.counts.delete(streamId);
    else this.counts.set(streamId, total);
    return total;
  }

  async viewers(streamId: string): Promise<number> {
    return this.counts.get(streamId) ?? 0;
  }

  takeChatTurn(streamId: string, userId: string): Promise<boolean> {
    return this.takeTurn(chatTurnBucket(streamId, userId), StreamLimits.chatRateCount, StreamLimits.chatRateWindowMs);
  }

  async takeTurn(bucket: string, limit: number, windowMs: number): Promise<boolean> {
    const now = Date.now();
    const times = (this.turns.get(bucket)?.times ?? []).filter((at) => now - at < windowMs);
    const allowed = times.length < limit;
    if (allowed) times.push(now);
    this.turns.set(bucket, { windowMs, times });
    if (this.turns.size > 10_000) this.forgetIdleTurns(now);
    return allowed;
  }

  /** one process: the live media it serves is its own, nobody else's to find */
  async setMediaHost(): Promise<void> {}

  async mediaHost(): Promise<string | null> {
    return null;
  }

  private forgetIdleTurns(now: number): void {
    for (const [bucket, { windowMs, times }] of this.turns) {
      if (times.every((at) => now - at >= windowMs)) this.turns.delete(bucket);
    }
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const chatTurnBucket = (streamId: string, userId: string) => `chat-turns:${streamId}:${userId}`;

/**
 * A sliding window in a sorted set: drops the turns older than the window, and adds this one unless
 * the window is full. KEYS[1] the user's turns; ARGV now, window (ms), turns allowed, a unique member.
 */
const TAKE_TURN = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * Redis pub/sub: one channel per stream, subscribed while this process has a listener for it. Viewer
 * counts are a hash per stream with one field per process holding that process's own count (never a
 * running sum of deltas), so a process removes exactly its share when it stops. A process that dies
 * without stopping cannot: every process keeps a key alive that expires without it, and a count whose
 * process has no live key is dropped when read. A process that was only stalled writes its counts
 * again with its next sign of life.
 */
export class RedisLiveBus implements LiveBus {
  private readonly sub: Redis;
  private readonly local = new LocalLiveBus();
  private readonly listeners = new Map<string, number>();
  private readonly processId = randomBytes(8).toString('hex');
  private readonly mine = new Set<string>();
  private readonly aliveTimer: ReturnType<typeof setInterval>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
    /** how long this process's viewer counts outlive its last sign of life */
    private readonly aliveMs = 30_000,
  ) {
    this.aliveTimer = setInterval(this.renewNow, aliveMs / 3);
    this.aliveTimer.unref();
    // Back from an outage: this process's counts are there again at once, not at the next renewal.
    redis.on('ready', this.renewNow);
    // The subscriber queues its (re)subscriptions while Redis is away and makes them again on its return.
    this.sub = redis.duplicate({ enableOfflineQueue: true });
    watchOutages(this.sub); // the same outage as the main connection's, which logs it (once)
    this.sub.on('message', (channel: string, text: string) => {
      const streamId = channel.slice(this.channelPrefix.length);
      try {
        void this.local.publish(streamId, JSON.parse(text) as LiveEvent);
      } catch (err) {
        this.log.warn({ err, channel }, 'unreadable live event');
      }
    });
  }

  private get channelPrefix(): string {
    return `${this.prefix}live:`;
  }

  /**
   * With Redis away, each process goes on alone: its own rooms, counts and turns, until Redis answers
   * again (ioredis reconnects and subscribes again by itself).
   */
  private shared<T>(op: () => Promise<T>, alone: () => Promise<T>): Promise<T> {
    return sharedUnlessLost(this.redis, op, alone, (err) =>
      this.log.debug({ err }, 'live bus: Redis call failed; this process alone'),
    );
  }

  publish(streamId: string, event: LiveEvent): Promise<void> {
    return this.shared(
      async () => void (await this.redis.publish(this.channelPrefix + streamId, JSON.stringify(event))),
      () => this.local.publish(streamId, event),
    );
  }

  async subscribe(streamId: string, listener: LiveListener): Promise<() => Promise<void>> {
    const unsubscribeLocal = await this.local.subscribe(streamId, listener);
    const count = (this.listeners.get(streamId) ?? 0) + 1;
    this.listeners.set(streamId, count);
    if (count === 1) await this.whileReachable(this.sub.subscribe(this.channelPrefix + streamId));
    return async () => {
      await unsubscribeLocal();
      const left = (this.listeners.get(streamId) ?? 1) - 1;
      if (left > 0) return void this.listeners.set(streamId, left);
      this.listeners.delete(streamId);
      await this.whileReachable(this.sub.unsubscribe(this.channelPrefix + streamId));
    };
  }

  /** Waits for a (un)subscription while Redis is there; while it is away the call stays queued and nobody waits. */
  private async whileReachable(call: Promise<unknown>): Promise<void> {
    const settled = call.catch((err: unknown) => this.log.warn({ err }, 'live bus: (un)subscription failed'));
    if (!connectionLost(this.sub)) await settled;
  }

  private viewersKey(streamId: string): string {
    return `${this.prefix}live-viewers:${streamId}`;
  }

  private aliveKey(processId: string): string {
    return `${this.prefix}live-process:${processId}`;
  }

  private async stayAlive(): Promise<void> {
    await this.redis.set(this.aliveKey(this.processId), '1', 'PX', this.aliveMs);
  }

  /** this process's count of a stream's viewers into its field (none when it has none) */
  private async writeShare(streamId: string): Promise<void> {
    const share = await this.local.viewers(streamId);
    if (share > 0) await this.redis.hset(this.viewersKey(streamId), this.processId, share);
    else await this.redis.hdel(this.viewersKey(streamId), this.processId);
  }

  private readonly renewNow = (): void => {
    if (this.redis.status === 'ready')
      void this.renew().catch((err: unknown) => this.log.warn({ err }, 'live bus: liveness not renewed'));
  };

  /** the sign of life, and this process's counts again (they were dropped if it stalled too long) */
  private async renew(): Promise<void> {
    await Promise.all([this.stayAlive(), ...[...this.mine].map((id) => this.writeShare(id))]);
  }

  async addViewers(streamId: string, delta: number): Promise<number> {
    if ((await this.local.addViewers(streamId, delta)) > 0) this.mine.add(streamId);
    else this.mine.delete(streamId);
    return this.shared(
      async () => {
        // one connection keeps the order: this process is alive before its count is there to be read
        await Promise.all([this.stayAlive(), this.writeShare(streamId)]);
        return this.sharedViewers(streamId);
      },
      () => this.local.viewers(streamId),
    );
  }

  viewers(streamId: string): Promise<number> {
    return this.shared(
      () => this.sharedViewers(streamId),
      () => this.local.viewers(streamId),
    );
  }

  private async sharedViewers(streamId: string): Promise<number> {
    const counts = Object.entries(await this.redis.hgetall(this.viewersKey(streamId)));
    if (counts.length === 0) return 0;
    const alive = await this.redis.mget(counts.map(([processId]) => this.aliveKey(processId)));
    const gone = counts.filter((_, i) => alive[i] === null).map(([processId]) => processId);
    if (gone.length > 0) await this.redis.hdel(this.viewersKey(streamId), ...gone);
    const total = counts.reduce((sum, [, n], i) => (alive[i] === null ? sum : sum + Number(n)), 0);
    return Math.max(0, total);
  }

  takeChatTurn(streamId: string, userId: string): Promise<boolean> {
    return this.takeTurn(chatTurnBucket(streamId, userId), StreamLimits.chatRateCount, StreamLimits.chatRateWindowMs);
  }

  takeTurn(bucket: string, limit: number, windowMs: number): Promise<boolean> {
    return this.shared(
      async () => {
        const now = Date.now();
        const member = `${now}:${randomBytes(4).toString('hex')}`;
        return (await this.redis.eval(TAKE_TURN, 1, this.prefix + bucket, now, windowMs, limit, member)) === 1;
      },
      () => this.local.takeTurn(bucket, limit, windowMs),
    );
  }

  private mediaHostKey(streamId: string): string {
    return `${this.prefix}live-media:${streamId}`;
  }

  setMediaHost(streamId: string, url: string | null): Promise<void> {
    return this.shared(
      async () => {
        // a day at most: a host that died on air must not be named for ever
        if (url) await this.redis.set(this.mediaHostKey(streamId), url, 'EX', 24 * 60 * 60);
        else await this.redis.del(this.mediaHostKey(streamId));
      },
      () => this.local.setMediaHost(),
    );
  }

  mediaHost(streamId: string): Promise<string | null> {
    return this.shared(
      () => this.redis.get(this.mediaHostKey(streamId)),
      () => this.local.mediaHost(),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.aliveTimer);
    this.redis.off('ready', this.renewNow);
    await Promise.all([...this.mine].map((id) => this.redis.hdel(this.viewersKey(id), this.processId).catch(() => 0)));
    await this.redis.del(this.aliveKey(this.processId)).catch(() => 0);
    await this.local.close();
    this.sub.disconnect();
  }
}
