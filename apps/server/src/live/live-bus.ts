import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { ChatServerFrame } from '@app/shared';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Between server processes only, never to chat sockets: `ingest_stop` tells the node holding the
 * ingest to let go; a snapshot request asks it for the recording so far (for a clip of a live
 * stream), and its reply names the stored snapshot (cid null: nothing recorded yet).
 */
export type InternalLiveEvent =
  | { type: 'ingest_stop' }
  | { type: 'snapshot_request'; request_id: string }
  | { type: 'snapshot_reply'; request_id: string; cid: string | null; duration_ms: number; failed: boolean };

const INTERNAL_TYPES = new Set<string>(['ingest_stop', 'snapshot_request', 'snapshot_reply']);
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
  close(): Promise<void>;
}

export class LocalLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly counts = new Map<string, number>();

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

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Redis pub/sub: one channel per stream, subscribed while this process has a listener for it. Viewer
 * counts are a hash per stream with one field per process, so a process removes exactly its own
 * share when it stops.
 */
export class RedisLiveBus implements LiveBus {
  private readonly sub: Redis;
  private readonly local = new LocalLiveBus();
  private readonly listeners = new Map<string, number>();
  private readonly processId = randomBytes(8).toString('hex');
  private readonly mine = new Set<string>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {
    this.sub = redis.duplicate();
    this.sub.on('error', (err) => log.error({ err }, 'live bus redis error'));
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

  async publish(streamId: string, event: LiveEvent): Promise<void> {
    await this.redis.publish(this.channelPrefix + streamId, JSON.stringify(event));
  }

  async subscribe(streamId: string, listener: LiveListener): Promise<() => Promise<void>> {
    const unsubscribeLocal = await this.local.subscribe(streamId, listener);
    const count = (this.listeners.get(streamId) ?? 0) + 1;
    this.listeners.set(streamId, count);
    if (count === 1) await this.sub.subscribe(this.channelPrefix + streamId);
    return async () => {
      await unsubscribeLocal();
      const left = (this.listeners.get(streamId) ?? 1) - 1;
      if (left > 0) return void this.listeners.set(streamId, left);
      this.listeners.delete(streamId);
      await this.sub.unsubscribe(this.channelPrefix + streamId);
    };
  }

  private viewersKey(streamId: string): string {
    return `${this.prefix}live-viewers:${streamId}`;
  }

  async addViewers(streamId: string, delta: number): Promise<number> {
    this.mine.add(streamId);
    await this.redis.hincrby(this.viewersKey(streamId), this.processId, delta);
    return this.viewers(streamId);
  }

  async viewers(streamId: string): Promise<number> {
    const values = await this.redis.hvals(this.viewersKey(streamId));
    return Math.max(0, values.reduce((sum, v) => sum + Number(v), 0));
  }

  async close(): Promise<void> {
    await Promise.all([...this.mine].map((id) => this.redis.hdel(this.viewersKey(id), this.processId).catch(() => 0)));
    await this.local.close();
    this.sub.disconnect();
  }
}
