import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import type { AuthResponse, Clip, CreatorAnalytics, Stream, User, Video } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';
import { form } from '../../testing/upload-form.ts';
import { userAccountId } from '../ledger/ledger.service.ts';
import { postMessage } from '../streams/chat.service.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-totals-'));
const file = path.join(fixtures, 'upload.mp4');
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Activity of every kind a creator earns or counts from, then every figure the profile, the creator
 * dashboard (all tabs) and the lists under them read, each from the endpoint that page calls,
 * compared with the ledger and the event tables.
 */
describe.each(testDialects)('creator totals agree across pages on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  beforeAll(async () => {
    if (!fs.existsSync(file)) await generateTestVideo(file, { seconds: 2, width: 320, height: 240 });
    t = await createTestApp(dialect);
    creator = await signInWithWallet(t.app);
  });
  afterAll(() => t.close());

  const as = (who: AuthResponse) => bearer(who.access_token);
  const get = async <T>(url: string, who = creator): Promise<T> => {
    const res = await t.app.inject({ url, headers: as(who) });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };
  const post = async (url: string, who: AuthResponse, payload?: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: as(who), payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const count = async (query: string) =>
    Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(t.ctx.db)).rows[0]!.n);

  it('shows the same tokens, views, likes, clips and streams on every page as the ledger and events hold', async () => {
    const fans = [await signUpByEmail(t.app), await signUpByEmail(t.app)];
    const id = creator.user.id;

    // an upload (10), a video viewed by two fans (0.2), liked by one (1) and tipped 2.5
    const { payload, headers } = form(
      { title: 'Uploaded today', category: 'Education' },
      { name: 'upload.mp4', type: 'video/mp4', data: fs.readFileSync(file) },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      payload,
      headers: { ...headers, ...as(creator) },
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    const video = await insertVideo(t.ctx.db, id, { title: 'Watched today', duration_ms: 60_000 });
    for (const fan of fans) await post(`/api/videos/${video.id}/view`, fan);
    await post(`/api/videos/${video.id}/like`, fans[0]!);
    await post(`/api/videos/${video.id}/tip`, fans[1]!, { amount: 2.5 });

    // a clip cut by the creator (5), and a ready clip viewed by a fan and liked by both (0.5 each)
    await post('/api/clips/create', creator, { title: 'Cut', start_time: 0, duration: 10, source_video_id: video.id });
    const clip = await insertClip(t.ctx.db, id, video.id, { title: 'Ready clip' });
    await post(`/api/clips/${clip.id}/view`, fans[0]!);
    for (const fan of fans) await post(`/api/clips/${clip.id}/like`, fan);

    // a one-minute stream (the 10-token minimum) with a 3-token chat tip, and one never taken live
    const created = (await post('/api/streams/create', creator, { title: 'One minute' })).json<{ stream_id: string }>();
    await post(`/api/streams/${created.stream_id}/start`, creator);
    const startedAt = new Date(Date.now() - 61_000).toISOString();
    await t.ctx.db
      .updateTable('streams')
      .set({ started_at: startedAt, last_ingest_at: new Date().toISOString() })
      .where('id', '=', created.stream_id)
      .execute();
    const fanUser = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', fans[0]!.user.id)
      .executeTakeFirstOrThrow();
    await postMessage(t.ctx, created.stream_id, fanUser, { type: 'chat', message: 'great stream', tip_amount: 3 });
    await post(`/api/streams/${created.stream_id}/stop`, creator);
    await post('/api/streams/create', creator, { title: 'Never on air' });

    // the ledger: every credit to the creator but the welcome bonus
    const account = userAccountId(id);
    const earnedMicro = await count(
      `select coalesce(sum(amount), 0) as n from ledger_entries where credit_account_id = '${account}' and kind <> 'welcome_bonus'`,
    );
    const earned = earnedMicro / 1_000_000;
    expect(earned).toBe(10 + 0.2 + 1 + 2.5 + 5 + 1 + 10 + 3);
    const videoViews = await count(
      `select count(*) as n from video_views vv join videos v on v.id = vv.video_id where v.creator_id = '${id}'`,
    );
    const clipViews = await count(
      `select count(*) as n from clip_views cv join clips c on c.id = cv.clip_id where c.creator_id = '${id}' and c.status = 'ready'`,
    );
    const likes =
      (await count(
        `select count(*) as n from video_likes l join videos v on v.id = l.video_id where v.creator_id = '${id}'`,
      )) +
      (await count(
        `select count(*) as n from clip_likes l join clips c on c.id = l.clip_id where c.creator_id = '${id}' and c.status = 'ready'`,
      ));

    // what the pages read
    const profile = await get<User>('/api/user/profile');
    const analytics = await get<CreatorAnalytics>('/api/analytics/creator'); // profile totals and the dashboard
    const myVideos = (await get<{ videos: Video[] }>('/api/user/videos')).videos;
    const myStreams = (await get<{ streams: Stream[] }>('/api/user/streams')).streams;
    const wallet = creator.user.wallet_address!;
    const myClips = (await get<{ clips: Clip[] }>(`/api/clips?creator=${wallet}`)).clips;
    const { overview: o, revenue: r, performance: p } = analytics;

    expect(o.total_tokens_earned).toBe(earned);
    expect(r.total_earned).toBe(earned);
    expect(r.estimated_monthly).toBe(earned); // all of it today
    expect(r.avg_per_video).toBe(round1(earned / o.total_content));
    expect(profile.total_tokens).toBe(100 + earned); // the welcome bonus plus earnings, nothing spent
    // what each video and stream lists as earned adds up to the ledger, but for the clip still being cut
    const listed = [...myVideos, ...myClips, ...myStreams].reduce((s, x) => s + x.tokens_earned, 0);
    expect(round1(listed)).toBe(round1(earned - 5));

    expect(o.total_views).toBe(videoViews + clipViews);
    expect(o.total_views).toBe(3);
    expect(p.recent_views_30d).toBe(o.total_views); // every view happened today
    expect([...myVideos, ...myClips].reduce((s, x) => s + x.views, 0)).toBe(o.total_views);
    expect(o.total_likes).toBe(likes);
    expect(o.total_likes).toBe(3);
    expect([...myVideos, ...myClips].reduce((s, x) => s + x.likes, 0)).toBe(o.total_likes);

    expect(o.total_videos).toBe(myVideos.length);
    expect(o.total_clips).toBe(myClips.length);
    expect(o.total_clips).toBe(1);
    expect(o.total_streams).toBe(myStreams.filter((s) => s.start_time !== null).length);
    expect(o.total_streams).toBe(1);
    expect(o.total_content).toBe(o.total_videos + o.total_clips);
  });
});
