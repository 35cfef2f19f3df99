import { randomBytes } from 'node:crypto';
import type { AuthResponse, StreamCreated } from '@app/shared';
import { publishTestPattern, type TestPublisher } from '@app/media';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deriveKey } from '../../lib/sealed-box.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { startsKeyframe } from './h264.ts';
import { encodeFrame } from './rtp-relay-frame.ts';
import { TestViewer } from './test-viewer.ts';

const SDP = { 'content-type': 'application/sdp' };
const METRICS = 'metrics-token-for-the-relay-test';
/** every process of one deployment shares the secret the relay's batches are signed with */
const APP_SECRET = 'the shared secret of this two-process deployment';

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'WHEP on a process that does not receive the stream: its RTP relayed over Redis',
  () => {
    let ingestNode: TestApp; // A: RTMP arrives here, its ffmpeg makes the RTP
    let other: TestApp; // B: only viewers
    let redis: Redis; // somebody else with access to Redis
    let creator: AuthResponse;
    let live: StreamCreated;
    let publisher: TestPublisher;
    const viewers: TestViewer[] = [];

    const post = (t: TestApp, id: string, offer: string) =>
      t.app.inject({ method: 'POST', url: `/api/streams/${id}/whep`, headers: SDP, payload: offer });
    const del = (t: TestApp, location: string) => t.app.inject({ method: 'DELETE', url: location });
    const metric = async (t: TestApp, series: string) => {
      const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } })).body;
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : 0;
    };
    const relayed = (t: TestApp, direction: 'in' | 'out') =>
      metric(t, `tarang_webrtc_relay_streams{direction="${direction}"}`);
    const channel = (id: string) => `${ingestNode.ctx.config.redisPrefix}rtp:${id}`;
    /** processes subscribed to the stream's relay channel */
    const subscribers = async (id: string) =>
      Number(((await redis.pubsub('NUMSUB', channel(id))) as [string, number])[1]);
    /** a viewer on B that has accepted its answer: its session's address */
    const watchOnB = async () => {
      const { viewer, offer } = await TestViewer.offer();
      viewers.push(viewer);
      const res = await post(other, live.stream_id, offer);
      expect(res.statusCode).toBe(201);
      await viewer.accept(res.body);
      return { viewer, location: res.headers.location as string, answer: res.body };
    };

    beforeAll(async () => {
      const env = { APP_SECRET, METRICS_TOKEN: METRICS, LOG_LEVEL: process.env.TEST_LOG ?? 'silent' };
      ingestNode = await createTestApp('postgres', {
        ...env,
        RTMP_ENABLED: 'true',
        RTMP_PORT: '0',
        RTMP_HOST: '127.0.0.1',
      });
      other = await createTestApp('postgres', {
        ...env,
        DATABASE_URL: ingestNode.ctx.config.databaseUrl!,
        REDIS_PREFIX: ingestNode.ctx.config.redisPrefix,
      });
      for (const t of [ingestNode, other]) await t.app.listen({ port: 0, host: '127.0.0.1' });
      redis = new Redis(process.env.REDIS_URL!);
      creator = await signUpByEmail(ingestNode.app);
      const created = await ingestNode.app.inject({
        method: 'POST',
        url: '/api/streams/create',
        headers: bearer(creator.access_token),
        payload: { title: 'One ingest, viewers everywhere', category: 'Technology' },
      });
      live = created.json();
      const url = `${live.rtmp_url.replace('localhost', '127.0.0.1')}/${live.stream_key}`;
      publisher = await publishTestPattern(url, { seconds: 90 });
      await vi.waitFor(
        async () =>
          expect((await other.app.inject({ url: `/api/streams/${live.stream_id}` })).json().hls_url).toBeTruthy(),
        { timeout: 20_000, interval: 250 },
      );
    }, 40_000);
    afterAll(async () => {
      publisher?.stop();
      await Promise.all(viewers.map((v) => v.close()));
      redis?.disconnect();
      await other?.close();
      await ingestNode?.close();
    });

    it('sends a viewer on B the H.264 and Opus of A, keyframe first; relays only while B has viewers', async () => {
      expect([await relayed(ingestNode, 'out'), await subscribers(live.stream_id)]).toEqual([0, 0]);
      const first = await watchOnB();
      expect(first.answer).toMatch(/a=rtpmap:\d+ H264\/90000/);
      expect(first.answer).toMatch(/a=rtpmap:\d+ opus\/48000\/2/);
      await expect.poll(() => first.viewer.received.video, { timeout: 10_000, interval: 200 }).toBeGreaterThan(50);
      await expect.poll(() => first.viewer.received.audio, { timeout: 5_000, interval: 200 }).toBeGreaterThan(20);
      expect(startsKeyframe(first.viewer.firstVideo!)).toBe(true);
      expect([await relayed(ingestNode, 'out'), await relayed(other, 'in')]).toEqual([1, 1]);

      // a second viewer on B shares the one subscription; the first leaving keeps it
      const second = await watchOnB();
      await expect.poll(() => second.viewer.received.video, { timeout: 10_000, interval: 200 }).toBeGreaterThan(20);
      expect(startsKeyframe(second.viewer.firstVideo!)).toBe(true);
      expect(await subscribers(live.stream_id)).toBe(1);
      expect((await del(other, first.location)).statusCode).toBe(204);
      const before = second.viewer.received.video;
      await expect
        .poll(() => second.viewer.received.video, { timeout: 5_000, interval: 200 })
        .toBeGreaterThan(before + 20);
      expect(await subscribers(live.stream_id)).toBe(1);

      // the last viewer leaving unsubscribes B, and A stops relaying at its next batch
      expect((await del(other, second.location)).statusCode).toBe(204);
      await expect.poll(() => subscribers(live.stream_id), { timeout: 5_000 }).toBe(0);
      await expect.poll(() => relayed(ingestNode, 'out'), { timeout: 5_000 }).toBe(0);
      expect(await relayed(other, 'in')).toBe(0);
      const sent = await metric(ingestNode, 'tarang_webrtc_relay_frames_total{result="sent"}');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await metric(ingestNode, 'tarang_webrtc_relay_frames_total{result="sent"}')).toBe(sent); // idle: nothing sent
    }, 60_000);

    it('refuses on B a stream that does not exist (404) and one that is not on air (409)', async () => {
      const { viewer, offer } = await TestViewer.offer();
      viewers.push(viewer);
      const unknown = await post(other, 'NoSuchStream1', offer);
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'stream_not_found']);
      const idle = await other.app.inject({
        method: 'POST',
        url: '/api/streams/create',
        headers: bearer(creator.access_token),
        payload: { title: 'Not on air', category: 'Technology' },
      });
      const res = await post(other, idle.json().stream_id, offer);
      expect([res.statusCode, res.json().code]).toEqual([409, 'stream_not_live']);
    });

    it('ignores what a stranger with Redis access publishes: garbage, forged batches, a forged end, request floods', async () => {
      const { viewer, location } = await watchOnB();
      await expect.poll(() => viewer.received.video, { timeout: 10_000, interval: 200 }).toBeGreaterThan(20);
      const refusedBefore = await metric(other, 'tarang_webrtc_relay_frames_total{result="refused"}');
      const forger = deriveKey('a secret that is not this deployment’s, but long', 'rtp-relay');
      const forged = (type: 'packets' | 'end') =>
        encodeFrame(forger, live.stream_id, {
          type,
          publisher: randomBytes(8),
          seq: 0,
          sentAt: Date.now(),
          packets: type === 'end' ? [] : [{ kind: 'video', data: randomBytes(1000) }],
        });
      const attacks = [
        ...Array.from({ length: 100 }, () => randomBytes(Math.floor(Math.random() * 3000))),
        Buffer.alloc(0),
        Buffer.from('TRB1'),
        Buffer.alloc(2 * 1024 * 1024, 0x41),
        forged('packets'),
        forged('end'), // accepted, it would close every viewer of the stream on B
      ];
      for (const message of attacks) await redis.publish(channel(live.stream_id), message);
      // requests: for nothing, for garbage, and many for the live stream (a relay starts at most once)
      const wants = `${ingestNode.ctx.config.redisPrefix}rtp-want`;
      await Promise.all([
        ...Array.from({ length: 300 }, () => redis.publish(wants, live.stream_id)),
        redis.publish(wants, 'NoSuchStream1'),
        redis.publish(wants, randomBytes(100_000)),
      ]);
      await expect
        .poll(() => metric(other, 'tarang_webrtc_relay_frames_total{result="refused"}'), { timeout: 5_000 })
        .toBe(refusedBefore + attacks.length);
      // the viewer still plays, and its session is still there
      const before = viewer.received.video;
      await expect.poll(() => viewer.received.video, { timeout: 5_000, interval: 200 }).toBeGreaterThan(before + 20);
      expect(await relayed(ingestNode, 'out')).toBe(1);
      expect((await del(other, location)).statusCode).toBe(204);
    }, 40_000);

    it('closes the viewers on B when the stream ends on A', async () => {
      const { viewer, location } = await watchOnB();
      await expect.poll(() => viewer.received.video, { timeout: 10_000, interval: 200 }).toBeGreaterThan(20);
      const stopped = await ingestNode.app.inject({
        method: 'POST',
        url: `/api/streams/${live.stream_id}/stop`,
        headers: bearer(creator.access_token),
      });
      expect(stopped.statusCode).toBe(200);
      await expect
        .poll(async () => (await del(other, location)).statusCode, { timeout: 15_000, interval: 500 })
        .toBe(404);
      await expect.poll(() => subscribers(live.stream_id), { timeout: 5_000 }).toBe(0);
      const { offer } = await TestViewer.offer();
      const again = await post(other, live.stream_id, offer);
      expect([again.statusCode, again.json().code]).toEqual([409, 'stream_ended']);
    }, 40_000);
  },
);
