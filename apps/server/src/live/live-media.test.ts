import type { AddressInfo } from 'node:net';
import type { StreamCreated } from '@app/shared';
import { publishTestPattern } from '@app/media';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';
import { LIVE_MEDIA_UNREACHABLE, RelayCache } from './live-media.ts';

/** a status only: the body is let go, so no connection stays busy and every server can close */
const statusOf = async (url: string) => {
  const res = await fetch(url);
  await res.body?.cancel();
  return res.status;
};
const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
};

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'live media behind a load balancer: two server processes over Redis',
  () => {
    let ingestNode: TestApp;
    let other: TestApp;
    let [ingestBase, otherBase] = ['', ''];

    beforeAll(async () => {
      ingestNode = await createTestApp('postgres', {
        RTMP_ENABLED: 'true',
        RTMP_PORT: '0',
        RTMP_HOST: '127.0.0.1',
        LIVE_GRACE_SECONDS: '2',
      });
      other = await createTestApp('postgres', {
        DATABASE_URL: ingestNode.ctx.config.databaseUrl!,
        REDIS_PREFIX: ingestNode.ctx.config.redisPrefix,
      });
      [ingestBase, otherBase] = [await listen(ingestNode), await listen(other)];
    });
    afterAll(async () => {
      await other?.close();
      await ingestNode?.close();
    });

    it('serves the live playlist and segments from any process, and stops once the stream has ended', async () => {
      const creator = await signUpByEmail(ingestNode.app);
      const created = await ingestNode.app.inject({
        method: 'POST',
        url: '/api/streams/create',
        headers: bearer(creator.access_token),
        payload: { title: 'Two nodes, one picture' },
      });
      const { stream_id, stream_key, rtmp_url } = created.json<StreamCreated>();
      const publishing = (
        await publishTestPattern(`${rtmp_url.replace('localhost', '127.0.0.1')}/${stream_key}`, { seconds: 6 })
      ).exited;

      const playlistUrl = `/media/live/${stream_id}/index.m3u8`;
      await expect.poll(() => statusOf(otherBase + playlistUrl), { timeout: 20_000, interval: 250 }).toBe(200);
      const relayed = await fetch(otherBase + playlistUrl);
      expect(relayed.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(relayed.headers.get('cache-control')).toBe('no-cache');
      const segment = (await relayed.text()).split('\n').find((line) => line.endsWith('.ts'))!;
      const [direct, viaOther] = await Promise.all(
        [ingestBase, otherBase].map(async (base) => fetch(`${base}/media/live/${stream_id}/${segment}`)),
      );
      expect(viaOther!.headers.get('content-type')).toBe('video/mp2t');
      expect(Buffer.from(await viaOther!.arrayBuffer()).equals(Buffer.from(await direct!.arrayBuffer()))).toBe(true);
      expect(await statusOf(`${otherBase}/media/live/${stream_id}/seg-999999.ts`)).toBe(404);

      expect((await publishing).code).toBe(0);
      // the publisher left: ended after the 2 s grace, and the other process no longer names a host
      await expect.poll(() => statusOf(otherBase + playlistUrl), { timeout: 20_000 }).toBe(404);
    });

    it('answers 503 with a clear detail when the process named for a stream does not answer', async () => {
      await ingestNode.ctx.live.bus.setMediaHost('unreachable1', 'http://127.0.0.1:9');
      const res = await fetch(`${otherBase}/media/live/unreachable1/index.m3u8`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ detail: LIVE_MEDIA_UNREACHABLE });
    });
  },
);

describe('the relay cache of a process', () => {
  afterEach(() => vi.useRealTimers());
  const counting = () => vi.fn(async () => Buffer.from('bytes'));

  it('shares one fetch between concurrent viewers and reuses the answer for its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new RelayCache();
    const load = counting();
    const bodies = await Promise.all(Array.from({ length: 50 }, () => cache.get('s/index.m3u8', 250, load)));
    expect(bodies.every((b) => b?.toString() === 'bytes')).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(249);
    await cache.get('s/index.m3u8', 250, load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cache.get('s/index.m3u8', 250, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps neither a miss nor a failure, and only the 64 newest files', async () => {
    const cache = new RelayCache();
    const miss = vi.fn(async () => null);
    await cache.get('s/seg-000001.ts', 60_000, miss);
    await cache.get('s/seg-000001.ts', 60_000, miss);
    expect(miss).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async (): Promise<Buffer> => {
      throw new Error('host gone');
    });
    await expect(cache.get('s/seg-000002.ts', 60_000, failing)).rejects.toThrow('host gone');
    await expect(cache.get('s/seg-000002.ts', 60_000, failing)).rejects.toThrow('host gone');
    expect(failing).toHaveBeenCalledTimes(2);

    const load = counting();
    for (let i = 0; i < 65; i++) await cache.get(`s/seg-${i}.ts`, 60_000, load);
    await cache.get('s/seg-64.ts', 60_000, load); // the newest is kept
    expect(load).toHaveBeenCalledTimes(65);
    await cache.get('s/seg-0.ts', 60_000, load); // the oldest made room
    expect(load).toHaveBeenCalledTimes(66);
  });
});
