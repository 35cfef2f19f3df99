import type { Redis } from 'ioredis';
import pino from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../lib/sealed-box.ts';
import type { RtpListener, RtpSource } from './rtp-feed.ts';
import { decodeFrame } from './rtp-relay-frame.ts';
import { RELAY_QUEUE_MAX_BYTES, RtpRelay } from './rtp-relay.ts';

const SECRET = 'a root secret of at least thirty-two characters';
const PREFIX = 'bp:';
const STREAM = 'stream1';

/**
 * A Redis that takes PUBLISH and answers only when told: a relay whose Redis is slow. It hands the
 * relay's subscriber its messages, so a request can be sent as if from another process.
 */
function slowRedis() {
  const pending: Array<{ message: Buffer; answer: (receivers: number) => void }> = [];
  let deliver: (channel: Buffer, message: Buffer) => void = () => undefined;
  const connection = {
    on(event: string, handler: (channel: Buffer, message: Buffer) => void) {
      if (event === 'messageBuffer') deliver = handler;
      return connection;
    },
    subscribe: async () => 1,
    unsubscribe: async () => 0,
    publish: (channel: string, message: Buffer | string) =>
      channel.endsWith('rtp-want')
        ? Promise.resolve(1)
        : new Promise<number>((answer) => pending.push({ message: Buffer.from(message), answer })),
    disconnect: () => undefined,
  };
  const redis = { duplicate: () => connection } as unknown as Redis;
  return {
    redis,
    pending,
    ask: (streamId: string) => deliver(Buffer.from(`${PREFIX}rtp-want`), Buffer.from(streamId)),
  };
}

function fakeFeed() {
  let listener: RtpListener = () => undefined;
  const feed: RtpSource = {
    subscribe: (l) => {
      listener = l;
      return () => (listener = () => undefined);
    },
  };
  const packet = Buffer.alloc(1200, 1);
  return { feed, push: (n: number) => Array.from({ length: n }, () => listener('video', undefined as never, packet)) };
}

const metric = async (registry: Registry, series: string) => {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('the RTP relay of an ingest process when Redis is slow', () => {
  it('holds a bounded queue, drops the oldest batches, and sends the newest once Redis answers', async () => {
    const { redis, pending, ask } = slowRedis();
    const { feed, push } = fakeFeed();
    const registry = new Registry();
    const relay = new RtpRelay(redis, PREFIX, SECRET, pino({ level: 'silent' }), () => feed, registry);
    ask(STREAM);
    push(20_000); // 24 MB of video, far past the queue
    await new Promise((r) => setTimeout(r, 30)); // the last, partial batch goes out after its few milliseconds
    const dropped = await metric(registry, 'tarang_webrtc_relay_frames_total{result="dropped"}');
    expect(dropped).toBeGreaterThan(500);
    expect(pending).toHaveLength(8); // in flight: Redis has not answered any

    // Redis answers: the queue drains in order, and what waited was the newest, at most the cap's worth
    const key = deriveKey(SECRET, 'rtp-relay');
    for (let answered = 0; answered < pending.length; answered++) {
      pending[answered]!.answer(1);
      await new Promise((r) => setImmediate(r));
    }
    const queued = pending.slice(8);
    expect(queued.reduce((sum, p) => sum + p.message.length, 0)).toBeLessThanOrEqual(RELAY_QUEUE_MAX_BYTES);
    const seqs = queued.map((p) => decodeFrame(key, STREAM, p.message)!.seq);
    expect(seqs[0]).toBe(8 + dropped); // the oldest went
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(seqs.at(-1)).toBe(8 + dropped + queued.length - 1);

    // a batch nobody received: the relay stops, and holds nothing more
    push(100);
    expect(pending.length).toBeGreaterThan(8 + queued.length);
    pending.at(-1)!.answer(0);
    await new Promise((r) => setImmediate(r));
    expect(await metric(registry, 'tarang_webrtc_relay_streams{direction="out"}')).toBe(0);
    const before = pending.length;
    push(1_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(pending).toHaveLength(before);
    await relay.close();
  });
});
