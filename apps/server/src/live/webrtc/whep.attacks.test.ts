import type { AuthResponse, StreamCreated } from '@app/shared';
import { publishTestPattern, type TestPublisher } from '@app/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { TestViewer } from './test-viewer.ts';
import { WHEP_OFFER_MAX_BYTES } from './whep-hub.ts';

const SDP = { 'content-type': 'application/sdp' };

describe.each(testDialects)('WHEP attacks on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let live: StreamCreated;
  let publisher: TestPublisher;
  let viewer: TestViewer;
  let offer: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      RTMP_ENABLED: 'true',
      RTMP_PORT: '0',
      RTMP_HOST: '127.0.0.1',
      WEBRTC_MAX_VIEWERS_PER_STREAM: '1',
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    creator = await signUpByEmail(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(creator.access_token),
      payload: { title: 'Under attack', category: 'Technology' },
    });
    live = res.json();
    publisher = await publishTestPattern(`${live.rtmp_url.replace('localhost', '127.0.0.1')}/${live.stream_key}`, {
      seconds: 60,
    });
    await vi.waitFor(
      async () => expect((await t.app.inject({ url: `/api/streams/${live.stream_id}` })).json().hls_url).toBeTruthy(),
      { timeout: 20_000, interval: 250 },
    );
    ({ viewer, offer } = await TestViewer.offer());
  }, 30_000);
  afterAll(async () => {
    publisher.stop();
    await viewer.close();
    await t.close();
  });

  const post = (payload: string, headers: Record<string, string> = SDP) =>
    t.app.inject({ method: 'POST', url: `/api/streams/${live.stream_id}/whep`, headers, payload });
  const refusal = (res: { statusCode: number; json(): { code: string } }) => [res.statusCode, res.json().code];

  it('refuses garbage, a bare fragment, and offers with no video it can send or too many sections', async () => {
    expect(refusal(await post('hello, I am not SDP'))).toEqual([400, 'webrtc_offer_invalid']);
    expect(refusal(await post('v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n'))).toEqual([400, 'webrtc_offer_invalid']);
    const vp8Only = offer.replace(/H264\/90000/g, 'VP8/90000');
    expect(refusal(await post(vp8Only))).toEqual([400, 'webrtc_offer_invalid']);
    const manySections = offer + 'm=video 9 UDP/TLS/RTP/SAVPF 96\r\n'.repeat(50);
    expect(refusal(await post(manySections))).toEqual([400, 'webrtc_offer_invalid']);
  });

  it('refuses a huge offer before reading it, and a body of another type', async () => {
    expect(refusal(await post('v=0\r\n' + 'a=x\r\n'.repeat(WHEP_OFFER_MAX_BYTES)))).toEqual([413, 'payload_too_large']);
    const json = await post(JSON.stringify({ sdp: offer }), { 'content-type': 'application/json' });
    expect(refusal(json)).toEqual([415, 'unsupported_media_type']);
    expect(refusal(await post(offer, { 'content-type': 'text/plain' }))).toEqual([415, 'unsupported_media_type']);
  });

  it('refuses malformed ids, and a DELETE of a guessed session id or of a session under another stream', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/streams/..%2F..%2Fetc/whep',
      headers: SDP,
      payload: offer,
    });
    expect(bad.statusCode).toBe(400);
    const res = await post(offer);
    expect(res.statusCode).toBe(201);
    const location = res.headers.location as string;
    const session = location.split('/').at(-1)!;
    const guess = `/api/streams/${live.stream_id}/whep/${'A'.repeat(22)}`;
    expect(refusal(await t.app.inject({ method: 'DELETE', url: guess }))).toEqual([404, 'not_found']);
    const elsewhere = `/api/streams/OtherStream1/whep/${session}`;
    expect(refusal(await t.app.inject({ method: 'DELETE', url: elsewhere }))).toEqual([404, 'not_found']);
    // the real session was untouched: the stream is still full, until its own DELETE
    const { offer: second, viewer: other } = await TestViewer.offer();
    expect(refusal(await post(second))).toEqual([503, 'webrtc_full']);
    expect((await t.app.inject({ method: 'DELETE', url: location })).statusCode).toBe(204);
    expect((await post(second)).statusCode).toBe(201);
    await other.close();
  });
});
