import type { AuthResponse, StreamCreated } from '@app/shared';
import { publishTestPattern, type TestPublisher } from '@app/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { TestViewer } from './test-viewer.ts';

const SDP = { 'content-type': 'application/sdp' };
const METRICS = 'metrics-token-for-the-whep-test';

describe.each(testDialects)('WebRTC playback (WHEP) of a live stream on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let live: StreamCreated;
  let publisher: TestPublisher;
  const viewers: TestViewer[] = [];

  const create = async (): Promise<StreamCreated> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(creator.access_token),
      payload: { title: 'Test pattern over WebRTC', category: 'Technology' },
    });
    return res.json();
  };
  const post = (id: string, offer: string) =>
    t.app.inject({ method: 'POST', url: `/api/streams/${id}/whep`, headers: SDP, payload: offer });
  const del = (location: string) => t.app.inject({ method: 'DELETE', url: location });
  /** `tarang_webrtc_viewers` as /metrics says it */
  const viewersMetric = async () => {
    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } })).body;
    return Number(/^tarang_webrtc_viewers (\d+)$/m.exec(text)?.[1]);
  };
  const viewer = async () => {
    const made = await TestViewer.offer();
    viewers.push(made.viewer);
    return made;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      RTMP_ENABLED: 'true',
      RTMP_PORT: '0',
      RTMP_HOST: '127.0.0.1',
      WEBRTC_MAX_SESSIONS_PER_IP: '2',
      WEBRTC_CONNECT_TIMEOUT_SECONDS: '2',
      METRICS_TOKEN: METRICS,
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    creator = await signUpByEmail(t.app);
    live = await create();
    const url = `${live.rtmp_url.replace('localhost', '127.0.0.1')}/${live.stream_key}`;
    publisher = await publishTestPattern(url, { seconds: 60 });
    // on air once its playlist is there
    await vi.waitFor(
      async () => expect((await t.app.inject({ url: `/api/streams/${live.stream_id}` })).json().hls_url).toBeTruthy(),
      { timeout: 20_000, interval: 250 },
    );
  }, 30_000);
  afterAll(async () => {
    publisher.stop();
    await Promise.all(viewers.map((v) => v.close()));
    await t.close();
  });

  it('tells the player it is offered, with no ICE servers unless configured', async () => {
    const res = await t.app.inject({ url: '/api/streams/webrtc' });
    expect(res.json()).toEqual({ enabled: true, ice_servers: [] });
  });

  it('answers an offer with SDP and a Location, sends the live picture and sound, and ends on DELETE', async () => {
    const { viewer: v, offer } = await viewer();
    const res = await post(live.stream_id, offer);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/sdp/);
    expect(res.body).toMatch(/^v=0/);
    expect(res.body).toContain('a=sendonly');
    expect(res.body).toMatch(/a=rtpmap:\d+ H264\/90000/);
    const location = res.headers.location as string;
    expect(location).toMatch(new RegExp(`^/api/streams/${live.stream_id}/whep/[\\w-]{22}$`));
    await v.accept(res.body);
    // a keyframe a second: video flows within a couple of seconds of the connection
    await expect.poll(() => v.received.video, { timeout: 10_000, interval: 200 }).toBeGreaterThan(50);
    await expect.poll(() => v.received.audio, { timeout: 5_000, interval: 200 }).toBeGreaterThan(20);
    expect(await viewersMetric()).toBe(1);

    expect((await del(location)).statusCode).toBe(204);
    expect(await viewersMetric()).toBe(0);
    await new Promise((r) => setTimeout(r, 1_000)); // what was in flight arrives
    const after = v.received.video;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(v.received.video).toBe(after); // then nothing more
    expect((await del(location)).statusCode).toBe(404); // the session is gone
  }, 30_000);

  it('refuses an unknown stream (404) and one that is not on air (409)', async () => {
    const { offer } = await viewer();
    const unknown = await post('NoSuchStream1', offer);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'stream_not_found']);
    const idle = await create();
    const res = await post(idle.stream_id, offer);
    expect([res.statusCode, res.json().code]).toEqual([409, 'stream_not_live']);
  });

  it('lets go of a viewer whose connection never comes up, freeing its place', async () => {
    const first = await viewer();
    const second = await viewer();
    const a = await post(live.stream_id, first.offer);
    const b = await post(live.stream_id, second.offer);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    // a third session from the same address is over WEBRTC_MAX_SESSIONS_PER_IP
    const { offer } = await viewer();
    const third = await post(live.stream_id, offer);
    expect([third.statusCode, third.json().code]).toEqual([429, 'webrtc_too_many_sessions']);
    // neither accepted its answer: both are closed after the 2 s connect timeout, and places free up
    let later = third;
    await expect
      .poll(async () => (later = await post(live.stream_id, offer)).statusCode, { timeout: 8_000, interval: 500 })
      .toBe(201);
    expect((await del(a.headers.location as string)).statusCode).toBe(404);
    expect((await del(b.headers.location as string)).statusCode).toBe(404);
    expect((await del(later.headers.location as string)).statusCode).toBe(204);
  }, 20_000);

  it('closes every session when the stream ends', async () => {
    const { viewer: v, offer } = await viewer();
    const res = await post(live.stream_id, offer);
    expect(res.statusCode).toBe(201);
    await v.accept(res.body);
    await expect.poll(() => v.received.video, { timeout: 10_000, interval: 200 }).toBeGreaterThan(10);
    const stopped = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${live.stream_id}/stop`,
      headers: bearer(creator.access_token),
    });
    expect(stopped.statusCode).toBe(200);
    await expect
      .poll(async () => (await del(res.headers.location as string)).statusCode, { timeout: 15_000, interval: 500 })
      .toBe(404);
    const again = await post(live.stream_id, offer);
    expect([again.statusCode, again.json().code]).toEqual([409, 'stream_ended']);
  }, 40_000);
});
