import type { AuthResponse, StreamCreated } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { TestPublisher } from './test-publisher.ts';
import { WHEP_OFFER_MAX_BYTES } from './whep-hub.ts';

const SDP = { 'content-type': 'application/sdp' };

describe.each(testDialects)('WHIP attacks on %s', (dialect) => {
  let t: TestApp;
  let owner: AuthResponse;
  let stranger: AuthResponse;
  let live: StreamCreated;
  let theirs: StreamCreated;
  let publisher: TestPublisher;
  let offer: string;

  const create = async (user: AuthResponse): Promise<StreamCreated> =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/streams/create',
        headers: bearer(user.access_token),
        payload: { title: 'Under attack', category: 'Technology' },
      })
    ).json();
  const post = (payload: string, token?: string, id = live.stream_id, type = SDP) =>
    t.app.inject({
      method: 'POST',
      url: `/api/streams/${id}/whip`,
      headers: { ...type, ...(token ? bearer(token) : {}) },
      payload,
    });
  const refusal = (res: { statusCode: number; body: string }) => [
    res.statusCode,
    res.body.startsWith('{') ? JSON.parse(res.body).code : res.body.slice(0, 30),
  ];

  beforeAll(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signUpByEmail(t.app);
    stranger = await signUpByEmail(t.app);
    live = await create(owner);
    theirs = await create(stranger);
    ({ publisher, offer } = await TestPublisher.offer());
  });
  afterAll(async () => {
    await publisher.close();
    await t.close();
  });

  it('refuses a publisher with no token, a wrong key, another stream’s key or another user’s session', async () => {
    expect(refusal(await post(offer))).toEqual([401, 'sign_in_required']);
    expect(refusal(await post(offer, 'not-the-key'))).toEqual([401, 'stream_key_invalid']);
    expect(refusal(await post(offer, theirs.stream_key))).toEqual([401, 'stream_key_invalid']);
    expect(refusal(await post(offer, stranger.access_token))).toEqual([403, 'not_stream_creator']);
    expect(refusal(await post(offer, owner.access_token, 'NoSuchStream1'))).toEqual([404, 'stream_not_found']);
    const bad = await post(offer, owner.access_token, '..%2F..%2Fetc');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses garbage, VP8 only, too many sections, a huge offer and a body of another type', async () => {
    const token = owner.access_token;
    expect(refusal(await post('hello, I am not SDP', token))).toEqual([400, 'webrtc_offer_invalid']);
    const vp8Only = offer.replace(/H264\/90000/g, 'VP8/90000');
    expect(refusal(await post(vp8Only, token))).toEqual([400, 'whip_h264_required']);
    const highProfile = offer.replace(/profile-level-id=42e01f/g, 'profile-level-id=640032');
    expect(refusal(await post(highProfile, token))).toEqual([400, 'whip_h264_required']);
    const manySections = offer + 'm=video 9 UDP/TLS/RTP/SAVPF 96\r\n'.repeat(50);
    expect(refusal(await post(manySections, token))).toEqual([400, 'webrtc_offer_invalid']);
    const huge = 'v=0\r\n' + 'a=x\r\n'.repeat(WHEP_OFFER_MAX_BYTES);
    expect(refusal(await post(huge, token))).toEqual([413, 'payload_too_large']);
    const json = await post(JSON.stringify({ sdp: offer }), token, live.stream_id, {
      'content-type': 'application/json',
    });
    expect(refusal(json)).toEqual([415, 'unsupported_media_type']);
    // none of these left the stream taken or on air
    expect((await t.app.inject({ url: `/api/streams/${live.stream_id}` })).json().status).not.toBe('live');
  });

  it('takes one publisher at a time, and a DELETE only from the owner of the right session', async () => {
    const first = await post(offer, owner.access_token);
    expect(first.statusCode).toBe(201);
    const location = first.headers.location as string;
    const { publisher: second, offer: secondOffer } = await TestPublisher.offer();
    expect(refusal(await post(secondOffer, live.stream_key))).toEqual([409, 'stream_already_receiving']);
    await second.close();

    const del = (url: string, token?: string) =>
      t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
    expect(refusal(await del(location))).toEqual([401, 'sign_in_required']);
    expect(refusal(await del(location, stranger.access_token))).toEqual([403, 'not_stream_creator']);
    expect(refusal(await del(location, theirs.stream_key))).toEqual([401, 'stream_key_invalid']);
    const session = location.split('/').at(-1)!;
    // the stranger's own stream does not reach the owner's session
    const across = `/api/streams/${theirs.stream_id}/whip/${session}`;
    expect(refusal(await del(across, stranger.access_token))).toEqual([404, 'not_found']);
    const guess = `/api/streams/${live.stream_id}/whip/${'A'.repeat(22)}`;
    expect(refusal(await del(guess, owner.access_token))).toEqual([404, 'not_found']);
    // the real session was untouched until its owner ends it
    expect(refusal(await post(secondOffer, live.stream_key))).toEqual([409, 'stream_already_receiving']);
    expect((await del(location, live.stream_key)).statusCode).toBe(204);
  }, 30_000);
});
