import type { AddressInfo } from 'node:net';
import type { AuthResponse, Stream, StreamCreated } from '@app/shared';
import { probe, publishTestPattern } from '@app/media';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cidKey } from '../storage/blob-store.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';

/** OBS, played by ffmpeg: a test pattern with a tone over RTMP, in real time, until it ends or is cut. */
const publish = async (url: string, seconds: number) => (await publishTestPattern(url, { seconds })).exited;

describe.each(testDialects)('RTMP ingest to HLS on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      RTMP_ENABLED: 'true',
      RTMP_PORT: '0',
      RTMP_HOST: '127.0.0.1',
      LIVE_GRACE_SECONDS: '2',
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    creator = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const create = async (): Promise<StreamCreated> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(creator.access_token),
      payload: { title: 'Test pattern live', category: 'Technology' },
    });
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

    await expect
      .poll(async () => (await stream(stream_id)).hls_url, { timeout: 15_000, interval: 250 })
      .toBe(`/media/live/${stream_id}/index.m3u8`);
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
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    // the publisher left: interrupted, then ended by the sweeper after the 2 s grace period
    await expect.poll(async () => (await stream(stream_id)).status, { timeout: 15_000 }).toBe('ended');
    const ended = await stream(stream_id);
    expect(ended.duration).toBeGreaterThanOrEqual(10);
    expect(ended.tokens_earned).toBe(10);
    // the node that holds the recording parts stores them as one file once it hears of the end
    const recorded = () =>
      t.ctx.db.selectFrom('streams').selectAll().where('id', '=', stream_id).executeTakeFirstOrThrow();
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
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: `/api/clips/${clip_id}`, headers: bearer(creator.access_token) })).json().status,
        { timeout: 60_000, interval: 500 },
      )
      .toBe('ready');
    const cut = await t.app.inject({ url: `/api/clips/${clip_id}` });
    expect(cut.json()).toMatchObject({
      source_stream_id: stream_id,
      start_time: 1,
      end_time: 11,
      category: 'Technology',
    });
    // the replay: the recording rendered like an upload
    await expect
      .poll(async () => (await stream(stream_id)).hls_url, { timeout: 60_000, interval: 500 })
      .toBe(`/media/hls/stream-${stream_id}/master.m3u8`);
    expect((await stream(stream_id)).thumbnail_url).toMatch(/^\/ipfs\//);
  }, 120_000); // real time: 12 s on air, the grace period, then a clip and a replay rendered by ffmpeg

  it('keeps every recording part when the disk is full as the stream ends, and keeps the recording once there is room', async () => {
    const { stream_id, stream_key, rtmp_url } = await create();
    const putFile = t.ctx.blobs.putFile.bind(t.ctx.blobs);
    let refused = 0;
    t.ctx.blobs.putFile = (key, file, type) => {
      if (type !== 'video/mp2t') return putFile(key, file, type);
      refused++;
      return Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    };
    const recorded = () =>
      t.ctx.db.selectFrom('streams').selectAll().where('id', '=', stream_id).executeTakeFirstOrThrow();
    const dir = path.join(t.ctx.config.dataDir, 'live', stream_id);
    try {
      await publish(`${rtmp_url.replace('localhost', '127.0.0.1')}/${stream_key}`, 4);
      await expect.poll(async () => (await stream(stream_id)).status, { timeout: 15_000 }).toBe('ended');
      // tried as the stream ended, and again at a later sweep
      await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      const left = await fs.readdir(dir);
      expect(left.filter((f) => /^recording-\d+\.ts$/.test(f)).length).toBeGreaterThan(0);
      expect((await recorded()).recording_cid).toBeNull();
    } finally {
      t.ctx.blobs.putFile = putFile;
    }
    await expect.poll(async () => (await recorded()).recording_cid, { timeout: 15_000 }).toMatch(/^bafy/);
    expect(Number((await recorded()).recording_duration_ms)).toBeGreaterThan(0);
    // the parts go once the recording is stored, and no try left a joined file or a second name behind
    await expect
      .poll(async () => (await fs.readdir(dir)).filter((f) => f.startsWith('recording')), { timeout: 5_000 })
      .toEqual([]);
  }, 60_000);

  it('clips a stream while it is on air, from a snapshot of its recording so far', async () => {
    const { stream_id, stream_key, rtmp_url } = await create();
    const publishing = publishTestPattern(`${rtmp_url.replace('localhost', '127.0.0.1')}/${stream_key}`, {
      seconds: 40,
    });
    await expect
      .poll(async () => (await stream(stream_id)).hls_url, { timeout: 15_000, interval: 250 })
      .toBe(`/media/live/${stream_id}/index.m3u8`);

    // Seconds 2 to 12: refused as beyond the recording until 12 s are recorded, then accepted.
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/clips/create',
        headers: bearer(creator.access_token),
        payload: { title: 'While live', start_time: 2, duration: 10, tags: [], source_stream_id: stream_id },
      });
    const early = await ask();
    expect([early.statusCode, early.json().detail]).toEqual([400, 'Clip extends beyond source duration']);
    let res = early;
    await expect.poll(async () => (res = await ask()).statusCode, { timeout: 30_000, interval: 1_000 }).toBe(201);
    expect((await stream(stream_id)).status).toBe('live');
    const { clip_id } = res.json<{ clip_id: string }>();
    const row = () => t.ctx.db.selectFrom('clips').selectAll().where('id', '=', clip_id).executeTakeFirstOrThrow();
    const snapshot = (await row()).source_cid;
    expect(snapshot).toMatch(/^baf/);

    await expect.poll(async () => (await row()).status, { timeout: 60_000, interval: 500 }).toBe('ready');
    const cut = await row();
    const file = path.join(os.tmpdir(), `live-clip-${clip_id}.mp4`);
    await pipeline(await t.ctx.blobs.read(cidKey(cut.cid!)), createWriteStream(file));
    const info = await probe(file);
    await fs.rm(file);
    expect(Math.abs(info.durationSeconds - 10)).toBeLessThanOrEqual(0.1);
    expect(info.hasAudio).toBe(true);
    // The snapshot went once the cut was made.
    expect(cut.source_cid).toBeNull();
    expect(await t.ctx.blobs.size(cidKey(snapshot!))).toBeUndefined();

    await t.app.inject({
      method: 'POST',
      url: `/api/streams/${stream_id}/stop`,
      headers: bearer(creator.access_token),
    });
    expect((await (await publishing).exited).code).not.toBe(0); // stop cut the publisher
  }, 120_000);
});
