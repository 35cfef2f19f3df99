import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { LocalLiveBus, RedisLiveBus, type LiveBus } from './live-bus.ts';
import { LiveContext, type RecordingHolder, type RecordingSnapshot } from './live-context.ts';

const config = { rtmp: { port: 1935 } } as Config;
const STREAM = 'stream123';

/** One process that receives the stream's video (and answers over the bus, as the ingest manager does). */
async function holderProcess(
  bus: LiveBus,
  snapshot: () => Promise<RecordingSnapshot | null>,
): Promise<() => Promise<void>> {
  const live = new LiveContext(config, bus);
  const holder: RecordingHolder = { holds: (id) => id === STREAM, snapshot };
  live.setRecordingHolder(holder);
  return bus.subscribe(STREAM, (event) => {
    if (event.type === 'snapshot_request') void live.answerSnapshot(STREAM, event.request_id);
  });
}

const buses: Array<[string, () => { a: LiveBus; b: LiveBus; close(): Promise<void> }]> = [
  [
    'one process',
    () => {
      const bus = new LocalLiveBus();
      return { a: bus, b: bus, close: () => bus.close() };
    },
  ],
];
if (process.env.REDIS_URL) {
  buses.push([
    'two processes over Redis',
    () => {
      const prefix = `test-snap-${Date.now()}:`;
      const log = pino({ level: 'silent' });
      const a = new RedisLiveBus(new Redis(process.env.REDIS_URL!), prefix, log);
      const b = new RedisLiveBus(new Redis(process.env.REDIS_URL!), prefix, log);
      return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
    },
  ]);
}

describe.each(buses)('recording snapshots of a live stream (%s)', (_name, makeBuses) => {
  const { a, b, close } = makeBuses();
  afterAll(close);
  const requester = new LiveContext(config, a); // an API process that does not hold the stream

  it('asks the process holding the recording and gets its snapshot', async () => {
    const off = await holderProcess(b, async () => ({ cid: 'bafkreisnapshot', durationMs: 14_200 }));
    expect(await requester.takeSnapshot(STREAM, 5_000)).toEqual({ cid: 'bafkreisnapshot', durationMs: 14_200 });
    await off();
  });

  it('hears "nothing recorded yet" as null, and a failed snapshot or silence as 503', async () => {
    let off = await holderProcess(b, async () => null);
    expect(await requester.takeSnapshot(STREAM, 5_000)).toBeNull();
    await off();

    off = await holderProcess(b, () => Promise.reject(new Error('disk full')));
    await expect(requester.takeSnapshot(STREAM, 5_000)).rejects.toMatchObject({ statusCode: 503 });
    await off();

    await expect(requester.takeSnapshot(STREAM, 100)).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringContaining('cannot be reached'),
    });
  });

  it('takes the snapshot directly when this process holds the recording', async () => {
    const local = new LiveContext(config, a);
    local.setRecordingHolder({ holds: () => true, snapshot: async () => ({ cid: 'bafkreilocal', durationMs: 3_000 }) });
    expect(await local.takeSnapshot(STREAM, 100)).toEqual({ cid: 'bafkreilocal', durationMs: 3_000 });
  });
});
