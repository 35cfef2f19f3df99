import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { deriveKey } from '../../lib/sealed-box.ts';
import { STREAM_ID } from '../live-media.ts';
import { startsKeyframe } from './h264.ts';
import { RELAY_PUBLISHER_BYTES, decodeFrame, encodeFrame, type RelayPacket } from './rtp-relay-frame.ts';
import { readRtp, type RtpListener, type RtpSource } from './rtp-feed.ts';

/** a batch goes out this long after its first packet: a video frame's packets travel together */
const RELAY_BATCH_MS = 10;
/** or sooner, once it holds this much */
const BATCH_FLUSH_BYTES = 32 * 1024;
/** batches handed to Redis and not yet acknowledged; more wait in the queue */
const IN_FLIGHT_MAX = 8;
/** what may wait for a slow Redis (a couple of seconds of a 720p stream): past it the oldest batches go */
export const RELAY_QUEUE_MAX_BYTES = 1024 * 1024;
/** a process with viewers and no packets asks the ingest again this often */
const WANT_AGAIN_MS = 1_000;
/** and gives up (its viewers are closed) after this long without a packet */
const RELAY_STALL_MS = 10_000;
/** after a relay stopped for want of receivers, requests for it are ignored this long (a request flood is cheap) */
const RESTART_COOLDOWN_MS = 500;
/** a batch older than this is refused: a recording of the channel replayed later plays nothing */
const FRAME_MAX_AGE_MS = 30_000;
const STREAM_ID_ONLY = new RegExp(`^${STREAM_ID}$`);

interface RelayMeters {
  frames: Counter<'result'>;
}

/**
 * Carries the WebRTC RTP of a live stream from the process that receives its video (and runs its one
 * ffmpeg) to the other processes that have WHEP viewers of it, over Redis pub/sub: one binary channel
 * per stream, batches of a few milliseconds of packets, signed (rtp-relay-frame.ts).
 *
 * Only on demand: a process subscribes to a stream's channel with its first viewer of that stream and
 * asks for it on the request channel; the ingest process relays while Redis counts a subscriber
 * (PUBLISH answers how many got the batch) and stops at the first batch nobody received. A subscriber
 * that gets nothing asks again every second, and gives its viewers up after RELAY_STALL_MS.
 *
 * Redis and not a connection between processes: processes already find each other through it, it
 * copies a batch to every subscribing process, and it needs no port, address or authentication of its
 * own. Its costs are bounded: two connections per process, about 100 messages a second per relayed
 * stream, and a relay that cannot keep up drops its oldest batches instead of growing.
 */
export class RtpRelay {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly key: Buffer;
  private readonly outgoing = new Map<string, OutgoingRelay>();
  private readonly incoming = new Map<string, IncomingRelay>();
  private readonly stoppedAt = new Map<string, number>();
  private readonly meters: RelayMeters | undefined;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    appSecret: string,
    readonly log: Logger,
    private readonly localFeed: (streamId: string) => RtpSource | undefined,
    registry: Registry | undefined,
  ) {
    this.key = deriveKey(appSecret, 'rtp-relay');
    this.pub = redis.duplicate();
    // (re)subscriptions wait for Redis while it is away, and are made again on its return
    this.sub = redis.duplicate({ enableOfflineQueue: true });
    for (const connection of [this.pub, this.sub]) connection.on('error', () => undefined); // the live bus logs outages
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => this.receive(channel.toString(), message));
    void this.sub
      .subscribe(this.wantChannel)
      .catch((err: unknown) => log.warn({ err }, 'RTP relay: request channel not subscribed'));
    if (registry) {
      const streams = () => ({ in: this.incoming.size, out: this.outgoing.size });
      new Gauge({
        name: 'tarang_webrtc_relay_streams',
        help: 'Live streams whose WebRTC packets this process relays over Redis: out (it ingests them) or in (it has viewers)',
        labelNames: ['direction'],
        registers: [registry],
        collect() {
          const now = streams();
          this.set({ direction: 'in' }, now.in);
          this.set({ direction: 'out' }, now.out);
        },
      });
      this.meters = {
        frames: new Counter({
          name: 'tarang_webrtc_relay_frames_total',
          help: 'RTP relay batches: sent, received, refused (malformed or unsigned), dropped (a slow relay)',
          labelNames: ['result'],
          registers: [registry],
        }),
      };
    }
  }

  private get wantChannel(): string {
    return `${this.prefix}rtp-want`;
  }

  channelOf(streamId: string): string {
    return `${this.prefix}rtp:${streamId}`;
  }

  count(result: 'sent' | 'received' | 'refused' | 'dropped', n = 1): void {
    this.meters?.frames.inc({ result }, n);
  }

  /** The stream's RTP as relayed from the process that receives it; Redis is subscribed only while it has listeners. */
  remote(streamId: string): RtpSource {
    return {
      subscribe: (listener, ended) => {
        let relay = this.incoming.get(streamId);
        if (!relay) {
          relay = new IncomingRelay(this, streamId, () => this.incoming.delete(streamId));
          this.incoming.set(streamId, relay);
        }
        return relay.add(listener, ended);
      },
    };
  }

  private receive(channel: string, message: Buffer): void {
    if (channel === this.wantChannel) return this.wanted(message);
    const streamId = channel.slice(this.channelOf('').length);
    const relay = this.incoming.get(streamId);
    if (!relay) return; // a late batch after the last viewer left
    const frame = decodeFrame(this.key, streamId, message);
    if (!frame || Math.abs(Date.now() - frame.sentAt) > FRAME_MAX_AGE_MS) return this.count('refused');
    relay.take(frame.type, frame.publisher, frame.seq, frame.packets);
  }

  /** another process asks for a stream: relayed when this process receives it and is not relaying it already */
  private wanted(message: Buffer): void {
    const streamId = message.length <= 32 ? message.toString('latin1') : '';
    if (!STREAM_ID_ONLY.test(streamId) || this.outgoing.has(streamId)) return;
    if (Date.now() - (this.stoppedAt.get(streamId) ?? 0) < RESTART_COOLDOWN_MS) return;
    const feed = this.localFeed(streamId);
    if (!feed) return;
    this.outgoing.set(streamId, new OutgoingRelay(this, streamId, feed, () => this.stopped(streamId)));
  }

  private stopped(streamId: string): void {
    this.outgoing.delete(streamId);
    this.stoppedAt.set(streamId, Date.now());
    const now = Date.now();
    for (const [id, at] of this.stoppedAt) if (now - at >= RESTART_COOLDOWN_MS) this.stoppedAt.delete(id);
  }

  /** Sends a batch; resolves to how many processes received it (0 also when Redis is away). */
  async publish(streamId: string, frame: Buffer): Promise<number> {
    try {
      return await this.pub.publish(this.channelOf(streamId), frame);
    } catch {
      return 0;
    }
  }

  async ask(streamId: string): Promise<void> {
    await this.pub.publish(this.wantChannel, streamId).catch(() => 0);
  }

  async follow(streamId: string, on: boolean): Promise<void> {
    const channel = this.channelOf(streamId);
    await (on ? this.sub.subscribe(channel) : this.sub.unsubscribe(channel)).catch((err: unknown) =>
      this.log.warn({ err, stream: streamId }, 'RTP relay: (un)subscription failed'),
    );
  }

  sign(streamId: string, frame: Parameters<typeof encodeFrame>[2]): Buffer {
    return encodeFrame(this.key, streamId, frame);
  }

  async close(): Promise<void> {
    for (const relay of [...this.outgoing.values(), ...this.incoming.values()]) relay.close();
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

/** The ingest side: the stream's packets, batched, to its channel, while anybody listens. */
class OutgoingRelay {
  private readonly publisher = randomBytes(RELAY_PUBLISHER_BYTES);
  private seq = 0;
  private batch: RelayPacket[] = [];
  private batchBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private inFlight = 0;
  private done = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly relay: RtpRelay,
    private readonly streamId: string,
    feed: RtpSource,
    private readonly onStopped: () => void,
  ) {
    this.unsubscribe = feed.subscribe(
      (kind, _packet, raw) => this.add({ kind, data: raw }),
      () => this.end(),
    );
  }

  private add(packet: RelayPacket): void {
    if (this.done) return;
    this.batch.push(packet);
    this.batchBytes += packet.data.length + 3;
    if (this.batchBytes >= BATCH_FLUSH_BYTES) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), RELAY_BATCH_MS);
  }

  private frame(type: 'packets' | 'end'): Buffer {
    const packets = type === 'packets' ? this.batch : [];
    this.batch = [];
    this.batchBytes = 0;
    return this.relay.sign(this.streamId, {
      type,
      publisher: this.publisher,
      seq: this.seq++,
      sentAt: Date.now(),
      packets,
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batch.length === 0 || this.done) return;
    this.enqueue(this.frame('packets'));
  }

  private enqueue(frame: Buffer): void {
    this.queue.push(frame);
    this.queuedBytes += frame.length;
    let dropped = 0;
    while (this.queuedBytes > RELAY_QUEUE_MAX_BYTES && this.queue.length > 1) {
      this.queuedBytes -= this.queue.shift()!.length;
      dropped++;
    }
    if (dropped) this.relay.count('dropped', dropped);
    this.send();
  }

  private send(): void {
    while (this.inFlight < IN_FLIGHT_MAX && this.queue.length > 0) {
      const frame = this.queue.shift()!;
      this.queuedBytes -= frame.length;
      this.inFlight++;
      void this.relay.publish(this.streamId, frame).then((receivers) => {
        this.inFlight--;
        this.relay.count('sent');
        // nobody listens any more (or Redis is away): stop until somebody asks again
        if (receivers === 0) this.stop();
        else this.send();
      });
    }
  }

  /** the feed ended: the receiving processes close their viewers */
  private end(): void {
    if (this.done) return;
    this.flush();
    const frame = this.frame('end');
    this.stop();
    void this.relay.publish(this.streamId, frame);
  }

  private stop(): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.unsubscribe();
    this.onStopped();
  }

  close(): void {
    this.stop();
  }
}

/**
 * The viewer side: the channel is subscribed while the stream has viewers here. Batches come in order
 * on one Redis connection; one missing (dropped by a slow relay) stops video until the next keyframe,
 * so no viewer is sent pictures that depend on ones it never got.
 */
class IncomingRelay {
  private readonly listeners = new Map<RtpListener, () => void>();
  private publisher: Buffer | undefined;
  private nextSeq = 0;
  private videoBroken = true;
  private lastAt = Date.now();
  private readonly watchdog: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly relay: RtpRelay,
    private readonly streamId: string,
    private readonly onClosed: () => void,
  ) {
    void this.relay.follow(streamId, true).then(async () => {
      if (!this.closed) await this.relay.ask(streamId);
    });
    this.watchdog = setInterval(() => {
      const silent = Date.now() - this.lastAt;
      if (silent >= RELAY_STALL_MS) {
        this.relay.log.info({ stream: streamId }, 'RTP relay: no packets from the ingest; closing its viewers here');
        this.close();
      } else if (silent >= WANT_AGAIN_MS) void this.relay.ask(streamId);
    }, WANT_AGAIN_MS);
  }

  add(listener: RtpListener, ended: () => void): () => void {
    if (this.closed) {
      ended();
      return () => undefined;
    }
    this.listeners.set(listener, ended);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.release();
    };
  }

  take(type: 'packets' | 'end', publisher: Buffer, seq: number, packets: RelayPacket[]): void {
    if (this.closed) return;
    this.relay.count('received');
    const current = this.publisher?.equals(publisher) ?? false;
    // only the session being relayed can end it (an old session's end, replayed, ends nothing)
    if (type === 'end') return current && seq >= this.nextSeq ? this.close() : undefined;
    this.lastAt = Date.now();
    if (!current) {
      // a new ingest session (or the first batch): its sequence starts here
      this.publisher = Buffer.from(publisher);
      this.videoBroken = true;
    } else if (seq < this.nextSeq)
      return; // a batch seen already
    else if (seq > this.nextSeq) this.videoBroken = true;
    this.nextSeq = seq + 1;
    for (const { kind, data } of packets) {
      const packet = readRtp(kind, data);
      if (!packet) continue;
      if (kind === 'video' && this.videoBroken) {
        if (!startsKeyframe(packet.payload)) continue;
        this.videoBroken = false;
      }
      for (const listener of this.listeners.keys()) listener(kind, packet, data);
    }
  }

  /** the last viewer left: Redis stops sending, and the ingest stops relaying at its next batch */
  private release(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.watchdog);
    this.onClosed();
    void this.relay.follow(this.streamId, false);
  }

  close(): void {
    const ended = [...this.listeners.values()];
    this.listeners.clear();
    this.release();
    for (const end of ended) end();
  }
}
