import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { AuthResponse, Stream, StreamCreated } from '@app/shared';
import { locate, probe } from '@app/media';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';

/** ffmpeg publishing a generated test pattern (with a tone) over RTMP, in real time. */
async function publish(url: string, seconds: number): Promise<{ code: number | null; stderr: string }> {
  const args = [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-f', 'flv', url,
  ];
  const child = spawn(await locate('ffmpeg'), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr };
}

describe.each(testDialects)('RTMP ingest to HLS on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { RTMP_ENABLED: 'true', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', LIVE_GRACE_SECONDS: '2', LOG_LEVEL: process.env.TEST_LOG ?? 'silent' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    creator = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const create = async (): Promise<StreamCreated> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/streams/create', headers: bearer(creator.access_token), payload: { title: 'Test pattern live', category: 'Technology' } });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const stream = async (id: string): Promise<Stream> => (await t.app.inject({ url: `/api/streams/${id}` })).json();

  it('refuses a key that opens no stream', async () => {
    const { rtmp_url } = await create();
    const { code } = await publish(`${rtmp_url}/live_not-a-real-key`, 2);
    expect(code).not.toBe(0);
  });

  it('turns a published test pattern into a playable live playlist with 1 s segments, then keeps the recording', async () => {
    const { stream_id, stream_key, rtmp_url } = await create();
    expect(rtmp_url).toMatch(/^rtmp:\/\/localhost:\d+\/live$/);
    const publishing = publish(`${rtmp_url.replace('localhost', '127.0.0.1')}/${stream_key}`, 12);

    await expect.poll(async () => (await stream(stream_id)).hls_url, { timeout: 15_000, interval: 250 }).toBe(`/media/live/${stream_id}/index.m3u8`);
    const live = await stream(stream_id);
    expect(live).toMatchObject({ status: 'live', is_live: true });

    const playlist = await (await fetch(`${base}${live.hls_url}`)).text();
    expect(playlist).toContain('#EXTM3U');
    expect(playlist).not.toContain('#EXT-X-ENDLIST');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    expect(durations.length).toBeGreaterThan(0);
    expect(Math.max(...durations)).toBeLessThanOrEqual(1.6);
    const segment = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
    const res = await fetch(`${base}/media/live/${stream_id}/${segment}`);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seg-'));
    await fs.writeFile(path.join(dir, 'seg.ts'), Buffer.from(await res.arrayBuffer()));
    const info = await probe(path.join(dir, 'seg.ts'));
    expect(info.hasAudio).toBe(true);
    expect(info.height).toBe(360);
    await fs.rm(dir, { recursive: true });

    const published = await publishing;
    expect(published.stderr).toBe("");
    expect(published.code).toBe(0);
    // the publisher left: interrupted, then ended by the sweeper after the 2 s grace period
    await expect.poll(async () => (await stream(stream_id)).status, { timeout: 15_000 }).toBe('ended');
    const ended = await stream(stream_id);
    expect(ended.duration).toBeGreaterThanOrEqual(10);
    expect(ended.tokens_earned).toBe(10);
    // the node that holds the recording parts stores them as one file once it hears of the end
    const recorded = () => t.ctx.db.selectFrom('streams').selectAll().where('id', '=', stream_id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await recorded()).recording_cid, { timeout: 15_000 }).toMatch(/^bafy/);
    const row = await recorded();
    expect(Number(row.recording_duration_ms)).toBeGreaterThan(11_000);
    // a clip cut from the recording
    const clip = await t.app.inject({
      method: 'POST',
      url: '/api/clips/create',
      headers: bearer(creator.access_token),
      payload: { title: 'Best moment', start_time: 1, duration: 10, tags: [], source_stream_id: stream_id },
    });
    expect(clip.statusCode).toBe(201);
    const { clip_id } = clip.json<{ clip_id: string }>();
    await expect.poll(async () => (await t.app.inject({ url: `/api/clips/${clip_id}`, headers: bearer(creator.access_token) })).json().status, { timeout: 60_000, interval: 500 }).toBe('ready');
    const cut = await t.app.inject({ url: `/api/clips/${clip_id}` });
    expect(cut.json()).toMatchObject({ source_stream_id: stream_id, start_time: 1, end_time: 11, category: 'Technology' });
    // the replay: the recording rendered like an upload
    await expect.poll(async () => (await stream(stream_id)).hls_url, { timeout: 60_000, interval: 500 }).toBe(`/media/hls/stream-${stream_id}/master.m3u8`);
    expect((await stream(stream_id)).thumbnail_url).toMatch(/^\/ipfs\//);
  });
});
