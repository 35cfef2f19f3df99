import type { AddressInfo } from 'node:net';
import type { StreamCreated } from '@app/shared';
import { publishTestPattern } from '@app/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';
import { LIVE_MEDIA_UNREACHABLE } from './live-media.ts';

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
};

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('live media behind a load balancer: two server processes over Redis', () => {
  let ingestNode: TestApp;
  let other: TestApp;
  let [ingestBase, otherBase] = ['', ''];

  beforeAll(async () => {
    ingestNode = await createTestApp('postgres', { RTMP_ENABLED: 'true', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', LIVE_GRACE_SECONDS: '2' });
    other = await createTestApp('postgres', { DATABASE_URL: ingestNode.ctx.config.databaseUrl!, REDIS_PREFIX: ingestNode.ctx.config.redisPrefix });
    [ingestBase, otherBase] = [await listen(ingestNode), await listen(other)];
  });
  afterAll(async () => {
    await other?.close();
    await ingestNode?.close();
  });

  it('serves the live playlist and segments from any process, and stops once the stream has ended', async () => {
    const creator = await signUpByEmail(ingestNode.app);
    const created = await ingestNode.app.inject({ method: 'POST', url: '/api/streams/create', headers: bearer(creator.access_token), payload: { title: 'Two nodes, one picture' } });
    const { stream_id, stream_key, rtmp_url } = created.json<StreamCreated>();
    const publishing = (await publishTestPattern(`${rtmp_url.replace('localhost', '127.0.0.1')}/${stream_key}`, { seconds: 6 })).exited;

    const playlistUrl = `/media/live/${stream_id}/index.m3u8`;
    await expect.poll(async () => (await fetch(otherBase + playlistUrl)).status, { timeout: 20_000, interval: 250 }).toBe(200);
    const relayed = await fetch(otherBase + playlistUrl);
    expect(relayed.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(relayed.headers.get('cache-control')).toBe('no-cache');
    const segment = (await relayed.text()).split('\n').find((line) => line.endsWith('.ts'))!;
    const [direct, viaOther] = await Promise.all([ingestBase, otherBase].map(async (base) => fetch(`${base}/media/live/${stream_id}/${segment}`)));
    expect(viaOther!.headers.get('content-type')).toBe('video/mp2t');
    expect(Buffer.from(await viaOther!.arrayBuffer()).equals(Buffer.from(await direct!.arrayBuffer()))).toBe(true);
    expect((await fetch(`${otherBase}/media/live/${stream_id}/seg-999999.ts`)).status).toBe(404);

    expect((await publishing).code).toBe(0);
    // the publisher left: ended after the 2 s grace, and the other process no longer names a host
    await expect.poll(async () => (await fetch(otherBase + playlistUrl)).status, { timeout: 20_000 }).toBe(404);
  });

  it('answers 503 with a clear detail when the process named for a stream does not answer', async () => {
    await ingestNode.ctx.live.bus.setMediaHost('unreachable1', 'http://127.0.0.1:9');
    const res = await fetch(`${otherBase}/media/live/unreachable1/index.m3u8`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ detail: LIVE_MEDIA_UNREACHABLE });
  });
});
