import type { AuthResponse, StreamCreated } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { TestPublisher } from './test-publisher.ts';
import { TestViewer } from './test-viewer.ts';

const SDP = { 'content-type': 'application/sdp' };

describe.each(testDialects)('WebRTC publishing (WHIP) of a live stream on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  const peers: { close(): Promise<void> }[] = [];

  const create = async (): Promise<StreamCreated> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(creator.access_token),
      payload: { title: 'Camera over WHIP', category: 'Technology' },
    });
    return res.json();
  };
  const publish = async (id: string, token: string, sound = true) => {
    const made = await TestPublisher.offer(sound);
    peers.push(made.publisher);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${id}/whip`,
      headers: { ...SDP, ...bearer(token) },
      payload: made.offer,
    });
    return { res, publisher: made.publisher };
  };
  const stream = async (id: string) => (await t.app.inject({ url: `/api/streams/${id}` })).json();

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      WEBRTC_CONNECT_TIMEOUT_SECONDS: '3',
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    creator = await signUpByEmail(t.app);
  });
  afterAll(async () => {
    await Promise.all(peers.map((p) => p.close()));
    await t.close();
  });

  it('takes the owner’s H.264 and Opus into HLS and WHEP, and lets go of everything on DELETE', async () => {
    const live = await create();
    const { res, publisher } = await publish(live.stream_id, creator.access_token);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/sdp/);
    expect(res.body).toContain('a=recvonly');
    expect(res.body).toMatch(/a=rtpmap:\d+ H264\/90000/);
    const location = res.headers.location as string;
    expect(location).toMatch(new RegExp(`^/api/streams/${live.stream_id}/whip/[\\w-]{22}$`));
    await publisher.accept(res.body, 60);

    // HLS segments appear, as with RTMP
    await expect
      .poll(async () => (await stream(live.stream_id)).hls_url, { timeout: 20_000, interval: 250 })
      .toBeTruthy();
    const hls = (await stream(live.stream_id)).hls_url as string;
    await expect
      .poll(async () => (await t.app.inject({ url: hls })).body, { timeout: 10_000 })
      .toMatch(/seg-\d{6}\.ts/);

    // and a WHEP viewer receives the picture and sound
    const { viewer, offer } = await TestViewer.offer();
    peers.push(viewer);
    const played = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${live.stream_id}/whep`,
      headers: SDP,
      payload: offer,
    });
    expect(played.statusCode).toBe(201);
    await viewer.accept(played.body);
    await expect.poll(() => viewer.received.video, { timeout: 10_000, interval: 200 }).toBeGreaterThan(50);
    await expect.poll(() => viewer.received.audio, { timeout: 5_000, interval: 200 }).toBeGreaterThan(20);

    // DELETE ends the publish: the stream is interrupted (it may come back), the WHEP viewer's
    // feed ends with ffmpeg, and the stream takes a new publisher at once
    const stopped = await t.app.inject({ method: 'DELETE', url: location, headers: bearer(creator.access_token) });
    expect(stopped.statusCode).toBe(204);
    await expect.poll(async () => (await stream(live.stream_id)).status, { timeout: 15_000 }).toBe('interrupted');
    await new Promise((r) => setTimeout(r, 1_000)); // what was in flight arrives
    const after = viewer.received.video;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(viewer.received.video).toBe(after); // then nothing more
    const again = await publish(live.stream_id, live.stream_key);
    expect(again.res.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'DELETE', url: location, headers: bearer(creator.access_token) })).statusCode,
    ).toBe(404);
    await t.app.inject({
      method: 'DELETE',
      url: again.res.headers.location as string,
      headers: bearer(live.stream_key),
    });
  }, 60_000);

  it('takes the stream key as the bearer token (OBS), and ends the publish when the stream is stopped', async () => {
    const live = await create();
    const { res, publisher } = await publish(live.stream_id, live.stream_key);
    expect(res.statusCode).toBe(201);
    await publisher.accept(res.body, 60);
    await expect
      .poll(async () => (await stream(live.stream_id)).hls_url, { timeout: 20_000, interval: 250 })
      .toBeTruthy();
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${live.stream_id}/stop`,
      headers: bearer(creator.access_token),
    });
    expect(stop.statusCode).toBe(200);
    // the publish, its ffmpeg and its ports are let go: only then is the live playlist closed
    const playlist = `/media/live/${live.stream_id}/index.m3u8`;
    await expect
      .poll(async () => (await t.app.inject({ url: playlist })).body, { timeout: 20_000, interval: 500 })
      .toContain('#EXT-X-ENDLIST');
    const location = res.headers.location as string;
    const gone = await t.app.inject({ method: 'DELETE', url: location, headers: bearer(creator.access_token) });
    expect([gone.statusCode, gone.json().code]).toEqual([409, 'stream_ended']);
  }, 60_000);

  it('takes a publisher that sends the picture alone', async () => {
    const live = await create();
    const { res, publisher } = await publish(live.stream_id, creator.access_token, false);
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('m=audio');
    await publisher.accept(res.body, 30);
    await expect
      .poll(async () => (await stream(live.stream_id)).hls_url, { timeout: 20_000, interval: 250 })
      .toBeTruthy();
    const location = res.headers.location as string;
    expect(
      (await t.app.inject({ method: 'DELETE', url: location, headers: bearer(creator.access_token) })).statusCode,
    ).toBe(204);
  }, 40_000);

  it('lets go of a publisher whose connection never comes up', async () => {
    const live = await create();
    const { res } = await publish(live.stream_id, creator.access_token);
    expect(res.statusCode).toBe(201);
    // its answer is never taken: after the 3 s connect timeout the stream takes a new publisher
    await expect
      .poll(async () => (await publish(live.stream_id, creator.access_token)).res.statusCode, {
        timeout: 15_000,
        interval: 1_000,
      })
      .toBe(201);
  }, 30_000);
});
