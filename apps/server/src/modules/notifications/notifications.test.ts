import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import {
  tokensToMicro,
  type AuthResponse,
  type Notification,
  type NotificationFrame,
  type NotificationList,
  type StreamCreated,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { transcodeVideoFailed } from '../../jobs/handlers/transcode-video.ts';
import { fundPools, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';
import { form } from '../../testing/upload-form.ts';
import { openAccount, transfer } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { EarningKind } from '../viewing/rewards.service.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'notification-fixtures-'));
const clip = path.join(fixtures, 'clip.mp4');

describe.each(testDialects)('notifications on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let staff: AuthResponse;

  beforeAll(async () => {
    if (!fs.existsSync(clip)) await generateTestVideo(clip, { seconds: 1, width: 320, height: 180 });
    const staffWallet = privateKeyToAccount(generatePrivateKey());
    t = await createTestApp(dialect, { ADMIN_WALLETS: staffWallet.address });
    staff = await signInWithWallet(t.app, staffWallet);
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(who.access_token) });
  const list = async (who: AuthResponse, query = '') =>
    (await call('GET', `/api/notifications${query}`, who)).json<NotificationList>();
  const kinds = async (who: AuthResponse) => (await list(who)).notifications.map((n) => n.kind);
  const follow = (who: AuthResponse, creator: AuthResponse) =>
    call('POST', '/api/subscribe', who, { creator_wallet: creator.user.wallet_address ?? creator.user.id });

  it('tells a creator of a new follower once, and the follower of nothing', async () => {
    const creator = await signUpByEmail(t.app);
    const fan = await signUpByEmail(t.app);
    expect((await follow(fan, creator)).statusCode).toBe(200);
    expect((await follow(fan, creator)).statusCode).toBe(200); // following again is no news
    const seen = await list(creator);
    expect(seen.unread).toBe(1);
    expect(seen.notifications).toEqual([
      {
        id: expect.any(Number),
        kind: 'follow',
        payload: { actor: fan.user.username },
        created_at: expect.any(String),
        read: false,
      },
    ]);
    expect(await list(fan)).toEqual({ notifications: [], unread: 0 });
  });

  it('tells a creator of a tip on a video with the amount in micro-tokens, once for a retried request', async () => {
    const creator = await signUpByEmail(t.app);
    const fan = await signUpByEmail(t.app);
    const video = await insertVideo(t.ctx.db, creator.user.id, { title: 'Cooking dal' });
    const tip = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/videos/${video.id}/tip`,
        payload: { amount: 2.5 },
        headers: { ...bearer(fan.access_token), 'idempotency-key': 'notify-tip-0001' },
      });
    expect((await tip()).statusCode).toBe(200);
    expect((await tip()).json()).toMatchObject({ replayed: true });
    expect((await list(creator)).notifications.map((n) => [n.kind, n.payload])).toEqual([
      ['tip', { actor: fan.user.username, amount: tokensToMicro(2.5), video_id: video.id, video_title: 'Cooking dal' }],
    ]);
  });

  it('writes a tip’s notice in the tip’s own transaction: a refused tip tells nothing, a muted kind is paid but untold', async () => {
    const creator = await signUpByEmail(t.app);
    const fan = await signUpByEmail(t.app);
    const video = await insertVideo(t.ctx.db, creator.user.id, { title: 'Rangoli' });
    const tip = (amount: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/videos/${video.id}/tip`,
        payload: { amount },
        headers: { ...bearer(fan.access_token), 'idempotency-key': key },
      });
    const refused = await tip(1_000_000, 'notify-tip-refused');
    expect(refused.json()).toMatchObject({ code: 'insufficient_funds' });
    expect(await kinds(creator)).toEqual([]);
    expect((await call('PUT', '/api/notifications/preferences', creator, { muted: ['tip'] })).statusCode).toBe(200);
    expect((await tip(0.5, 'notify-tip-muted')).statusCode).toBe(200);
    expect(await kinds(creator)).toEqual([]);
    expect((await call('PUT', '/api/notifications/preferences', creator, { muted: [] })).statusCode).toBe(200);
    expect((await tip(0.5, 'notify-tip-heard')).statusCode).toBe(200);
    expect(await kinds(creator)).toEqual(['tip']);
  });

  it('tells a streamer of a tip in the live chat', async () => {
    const streamer = await signUpByEmail(t.app);
    const fan = await signUpByEmail(t.app);
    const { stream_id } = (
      await call('POST', '/api/streams/create', streamer, { title: 'Evening raga', category: 'Music' })
    ).json<StreamCreated>();
    const ws = new WebSocket(`${base}/ws/stream/${stream_id}?token=${fan.access_token}`);
    await new Promise((resolve) => ws.once('message', resolve));
    ws.send(JSON.stringify({ type: 'chat', message: 'lovely', tip_amount: 1.5 }));
    await expect.poll(() => kinds(streamer)).toEqual(['tip']);
    ws.close();
    expect((await list(streamer)).notifications[0]!.payload).toEqual({
      actor: fan.user.username,
      amount: tokensToMicro(1.5),
      stream_id,
    });
  });

  it("tells a ticket's owner of a staff answer, not of internal notes or their own replies", async () => {
    const owner = await signUpByEmail(t.app);
    const ticket = (
      await call('POST', '/api/tickets', owner, { title: 'Upload stuck', description: 'It spins', category_id: 3 })
    ).json<{ id: string }>();
    const reply = (who: AuthResponse, body: object) => call('POST', `/api/tickets/${ticket.id}/replies`, who, body);
    expect((await reply(owner, { message: 'Any news?' })).statusCode).toBe(201);
    expect((await reply(staff, { message: 'Slow network', is_internal: true })).statusCode).toBe(201);
    expect(await kinds(owner)).toEqual([]);
    expect((await reply(staff, { message: 'Fixed now' })).statusCode).toBe(201);
    expect((await list(owner)).notifications.map((n) => [n.kind, n.payload])).toEqual([
      ['ticket_reply', { ticket_id: ticket.id, ticket_title: 'Upload stuck' }],
    ]);
  });

  it('tells every follower who wants it that a creator went live, and nobody else', async () => {
    const streamer = await signUpByEmail(t.app);
    const [a, b, muted, stranger] = await Promise.all([1, 2, 3, 4].map(() => signUpByEmail(t.app)));
    for (const fan of [a!, b!, muted!]) await follow(fan, streamer);
    await call('PUT', '/api/notifications/preferences', muted!, { muted: ['stream_live'] });
    const { stream_id } = (
      await call('POST', '/api/streams/create', streamer, { title: 'Morning yoga', category: 'Sports' })
    ).json<StreamCreated>();
    expect((await call('POST', `/api/streams/${stream_id}/start`, streamer)).statusCode).toBe(200);
    for (const fan of [a!, b!]) {
      await expect.poll(() => kinds(fan)).toEqual(['stream_live']);
      expect((await list(fan)).notifications[0]!.payload).toEqual({
        actor: streamer.user.username,
        stream_id,
        stream_title: 'Morning yoga',
      });
    }
    expect(await kinds(muted!)).toEqual([]);
    expect(await kinds(stranger!)).toEqual([]);
    // starting again while live is not news
    await call('POST', `/api/streams/${stream_id}/start`, streamer);
    expect(await kinds(a!)).toEqual(['stream_live']);
  });

  it('tells a viewer their payout was decided, with the amount in paise and no bank details', async () => {
    await fundPools(t.ctx.db, 10_000_000);
    const viewer = await signUpByEmail(t.app);
    await t.ctx.db.transaction().execute(async (trx) => {
      await openAccount(trx, RupeeAccount.earnings(viewer.user.id), 'INR');
      await transfer(
        {
          from: RupeeAccount.pool('watch_time'),
          to: RupeeAccount.earnings(viewer.user.id),
          amount: 600_000,
          currency: 'INR',
          kind: EarningKind.watch_time,
          ref: 'test',
          idempotencyKey: `notify-earn:${viewer.user.id}`,
        },
        trx,
      );
    });
    const payout = (
      await call('POST', '/api/viewing/payout', viewer, {
        payout_method: 'upi',
        bank_details: { upi_id: 'ravi@okhdfc' },
      })
    ).json<{ id: string }>();
    expect((await call('PUT', `/api/viewing/payouts/${payout.id}`, staff, { status: 'rejected' })).statusCode).toBe(
      200,
    );
    const [seen] = (await list(viewer)).notifications;
    expect(seen).toMatchObject({
      kind: 'payout_decided',
      payload: { payout_id: payout.id, status: 'rejected', amount: 600_000 },
    });
    expect(JSON.stringify(seen)).not.toContain('ravi@okhdfc');
  });

  it('tells a creator their upload is ready, or that it failed (once)', async () => {
    const creator = await signInWithWallet(t.app);
    const { payload, headers } = form(
      { title: 'Tiny clip', description: '', category: 'Education', tags: '[]' },
      { name: 'clip.mp4', type: 'video/mp4', data: fs.readFileSync(clip) },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      payload,
      headers: { ...headers, ...bearer(creator.access_token) },
    });
    expect(uploaded.statusCode).toBe(201);
    const { id } = uploaded.json<{ id: string }>();
    await expect.poll(() => kinds(creator), { timeout: 60_000, interval: 250 }).toEqual(['video_ready']);
    expect((await list(creator)).notifications[0]!.payload).toEqual({ video_id: id, video_title: 'Tiny clip' });

    const broken = await insertVideo(t.ctx.db, creator.user.id, { status: 'processing', title: 'Broken' });
    await transcodeVideoFailed({ videoId: broken.id }, 'ffmpeg exited with 1', t.ctx);
    await transcodeVideoFailed({ videoId: broken.id }, 'ffmpeg exited with 1', t.ctx);
    expect((await list(creator)).notifications.map((n) => [n.kind, n.payload])).toEqual([
      ['video_failed', { video_id: broken.id, video_title: 'Broken' }],
      ['video_ready', { video_id: id, video_title: 'Tiny clip' }],
    ]);
  });

  it('pages newest first, marks some or all read, and counts what is unread', async () => {
    const creator = await signUpByEmail(t.app);
    const fans = await Promise.all([1, 2, 3, 4].map(() => signUpByEmail(t.app)));
    for (const fan of fans) await follow(fan, creator);
    const all = (await list(creator)).notifications;
    expect(all.map((n) => n.payload)).toEqual(fans.reverse().map((f) => ({ actor: f.user.username })));
    const page = await list(creator, '?limit=2&offset=2');
    expect(page.notifications.map((n) => n.id)).toEqual(all.slice(2).map((n) => n.id));
    expect(page.unread).toBe(4);

    const marked = await call('POST', '/api/notifications/read', creator, {
      ids: [all[0]!.id, all[0]!.id, all[3]!.id],
    });
    expect(marked.json()).toEqual({ unread: 2 });
    expect((await list(creator)).notifications.map((n) => n.read)).toEqual([true, false, false, true]);
    expect((await call('POST', '/api/notifications/read', creator, { all: true })).json()).toEqual({ unread: 0 });
    expect((await list(creator)).notifications.every((n) => n.read)).toBe(true);
  });

  it('creates no notification of a kind turned off, and again once it is turned back on', async () => {
    const creator = await signUpByEmail(t.app);
    const prefs = (body?: object) =>
      call(body ? 'PUT' : 'GET', '/api/notifications/preferences', creator, body).then((r) => r.json());
    expect(await prefs()).toEqual({ muted: [] });
    expect(await prefs({ muted: ['follow', 'tip', 'follow'] })).toEqual({ muted: ['follow', 'tip'] });
    expect(await prefs()).toEqual({ muted: ['follow', 'tip'] });
    await follow(await signUpByEmail(t.app), creator);
    expect(await kinds(creator)).toEqual([]);
    expect(await prefs({ muted: ['tip'] })).toEqual({ muted: ['tip'] });
    await follow(await signUpByEmail(t.app), creator);
    expect(await kinds(creator)).toEqual(['follow']);
  });

  it('pushes a new notification to the owner’s open sockets at once, and to nobody else', async () => {
    const creator = await signUpByEmail(t.app);
    const other = await signUpByEmail(t.app);
    const open = (who: AuthResponse) => {
      const frames: NotificationFrame[] = [];
      const ws = new WebSocket(`${base}/ws/notifications?token=${who.access_token}`);
      ws.on('message', (data) => frames.push(JSON.parse(String(data)) as NotificationFrame));
      return { ws, frames, opened: new Promise((resolve) => ws.once('open', resolve)) };
    };
    const tabs = [open(creator), open(creator)];
    const bystander = open(other);
    await Promise.all([...tabs, bystander].map((s) => s.opened));
    const fan = await signUpByEmail(t.app);
    await follow(fan, creator);
    const stored = (await list(creator)).notifications[0] as Notification;
    for (const tab of tabs)
      await expect.poll(() => tab.frames).toEqual([{ type: 'notification', notification: stored }]);
    expect(bystander.frames).toEqual([]);
    [...tabs, bystander].forEach((s) => s.ws.close());
  });

  it('keeps the action when the push fails: the follow stands and the notification is stored', async () => {
    const creator = await signUpByEmail(t.app);
    const bus = t.ctx.live.bus;
    const publish = bus.publish.bind(bus);
    bus.publish = () => Promise.reject(new Error('bus down'));
    try {
      expect((await follow(await signUpByEmail(t.app), creator)).statusCode).toBe(200);
    } finally {
      bus.publish = publish;
    }
    expect(await kinds(creator)).toEqual(['follow']);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'notifications across two server processes over Redis',
  () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      a = await createTestApp('postgres');
      b = await createTestApp('postgres', {
        DATABASE_URL: a.ctx.config.databaseUrl!,
        REDIS_PREFIX: a.ctx.config.redisPrefix,
      });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('pushes to a socket on one process what an action on the other created', async () => {
      const creator = await signUpByEmail(a.app);
      const fan = await signUpByEmail(a.app);
      const baseB = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
      const frames: NotificationFrame[] = [];
      const ws = new WebSocket(`${baseB}/ws/notifications?token=${creator.access_token}`);
      ws.on('message', (data) => frames.push(JSON.parse(String(data)) as NotificationFrame));
      await new Promise((resolve) => ws.once('open', resolve));
      await a.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { creator_wallet: creator.user.id },
        headers: bearer(fan.access_token),
      });
      await expect
        .poll(() => frames.map((f) => [f.notification.kind, f.notification.payload]))
        .toEqual([['follow', { actor: fan.user.username }]]);
      ws.close();
    });
  },
);
