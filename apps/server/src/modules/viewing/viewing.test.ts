import {
  EarningsRules,
  type AuthResponse,
  type HeartbeatResult,
  type ViewerEarnings,
  type ViewingSession,
} from '@app/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { fundPools, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { sumOfBalancesByCurrency } from '../ledger/ledger.repository.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { payRewards } from './rewards.service.ts';
import { clockFrom } from '../../lib/clock.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(testDialects)('watch sessions and viewer earnings on %s', (dialect) => {
  let t: TestApp;
  let now: number;
  let creator: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signUpByEmail(t.app);
    await fundPools(t.ctx.db, 100_000_000);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    // An injectable clock: heartbeats are measured in server time, which the test moves by hand.
    // 10:00 UTC today: accounts were made moments ago, and no test runs past midnight by accident.
    now = Math.floor(Date.now() / DAY) * DAY + 10 * 60 * MINUTE;
    t.ctx.clock = clockFrom(() => now);
  });

  const call = (method: 'GET' | 'POST', url: string, who?: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
  const video = (seconds = 60, by = creator) => insertVideo(t.ctx.db, by.user.id, { duration_ms: seconds * 1000 });
  const open = async (who: AuthResponse, videoId: string) => {
    const res = await call('POST', '/api/viewing/sessions', who, { video_id: videoId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ session_id: string }>().session_id;
  };
  const beat = async (who: AuthResponse, session: string, position: number, active = true) => {
    const res = await call('POST', `/api/viewing/sessions/${session}/heartbeat`, who, { position, active });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HeartbeatResult>();
  };
  /** An honest player: a heartbeat every 10 s of real time, the position moving as fast as the clock. */
  const watch = async (who: AuthResponse, videoId: string, seconds: number) => {
    const session = await open(who, videoId);
    let last: HeartbeatResult | undefined;
    for (let s = 10; s <= seconds; s += 10) {
      now += 10_000;
      last = await beat(who, session, s);
    }
    return { session, last: last! };
  };
  const earnings = async (who: AuthResponse) =>
    (await call('GET', '/api/viewing/earnings', who)).json<ViewerEarnings>();

  it('pays a watch that the server measured to 75 %, with the discovery bonus of a new creator and the creator share', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video(60);
    const { session, last } = await watch(viewer, v.id, 40);
    expect(last).toMatchObject({ watch_duration: 40, watch_percentage: 66.7, qualified: false, viewer_earnings: 0 });
    now += 10_000;
    const qualified = await beat(viewer, session, 50);
    // 50 s at ₹0.60 a minute = ₹0.50, plus ₹1 discovery
    expect(qualified).toMatchObject({
      watch_duration: 50,
      watch_percentage: 83.3,
      qualified: true,
      viewer_earnings: 1.5,
    });

    const e = await earnings(viewer);
    expect(e).toMatchObject({
      total_monthly_earnings: 1.5,
      lifetime_earnings: 1.5,
      watch_time_earnings: 0.5,
      discovery_earnings: 1,
      engagement_earnings: 0,
      videos_watched: 1,
      today_earnings: 1.5,
      amount_needed_for_payout: 4998.5,
      progress_to_payout: 0,
    });
    expect(e.total_watch_time).toBeCloseTo(50 / 3600, 2);
    expect((await earnings(creator)).creator_earnings).toBe(0.5);

    const sessions = (await call('GET', '/api/viewing/history', viewer)).json<{ sessions: ViewingSession[] }>()
      .sessions;
    expect(sessions).toEqual([
      expect.objectContaining({
        id: session,
        video_id: v.id,
        clip_id: null,
        stream_id: null,
        watch_duration: 50,
        watch_percentage: 83.3,
        qualified: true,
        viewer_earnings: 1.5,
      }),
    ]);
  });

  it('credits forged heartbeats only the real time that passed: claiming the end after 20 s earns nothing', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video(60);
    const session = await open(viewer, v.id);
    now += 1_000;
    expect(await beat(viewer, session, 60)).toMatchObject({ watch_duration: 1, qualified: false });
    // 19 more seconds of real time, each beat claiming another 30 s of video
    let result!: HeartbeatResult;
    for (let i = 0; i < 19; i++) {
      now += 1_000;
      result = await beat(viewer, session, Math.min(60, 30 * (i + 2)));
    }
    expect(result.watch_duration).toBeLessThanOrEqual(20);
    expect([result.qualified, result.viewer_earnings]).toEqual([false, 0]);

    // The same forger with several sessions and beats sent all at once still gets no more than the clock allows.
    const other = await open(viewer, v.id);
    now += 5_000;
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `/api/viewing/sessions/${other}/heartbeat`, viewer, { position: 60, active: true }),
      ),
    );
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    const row = await t.ctx.db
      .selectFrom('viewing_sessions')
      .select(['watched_ms', 'covered_ms'])
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    expect([Number(row.watched_ms), Number(row.covered_ms)]).toEqual([5_000, 5_000]);
    expect((await earnings(viewer)).total_monthly_earnings).toBe(0);
  });

  it('credits nothing while paused, muted or hidden (active: false)', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video(20);
    const session = await open(viewer, v.id);
    now += 15_000;
    expect((await beat(viewer, session, 15, false)).watch_duration).toBe(0);
    now += 5_000;
    expect((await beat(viewer, session, 20)).watch_duration).toBe(5);
  });

  it('opens a session with the page: a short video played after a wait is credited whole, and an unplayed page stays out of the history', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video(6);
    await open(viewer, v.id); // a page shown and left without playing
    const played = await open(viewer, v.id);
    now += 20_000; // the page is open, the player idle: the player stays silent
    now += 6_000;
    expect(await beat(viewer, played, 6)).toMatchObject({ watch_duration: 6, watch_percentage: 100, qualified: true });
    const sessions = (await call('GET', '/api/viewing/history', viewer)).json<{ sessions: ViewingSession[] }>()
      .sessions;
    expect(sessions.map((s) => s.id)).toEqual([played]);
  });

  it('pays once per viewer, video and day; the next day again (without a second discovery bonus)', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video(20);
    await watch(viewer, v.id, 20);
    const first = (await earnings(viewer)).total_monthly_earnings;
    expect(first).toBe(1.2); // 20 s = ₹0.20, discovery ₹1
    expect((await watch(viewer, v.id, 20)).last).toMatchObject({ qualified: true, viewer_earnings: 0 });
    expect((await earnings(viewer)).total_monthly_earnings).toBe(first);
    now += DAY;
    expect((await watch(viewer, v.id, 20)).last.viewer_earnings).toBe(0.2);
    expect((await earnings(viewer)).videos_watched).toBe(3);
  });

  it('pays creators nothing for watching their own videos', async () => {
    const self = await signUpByEmail(t.app);
    const v = await video(20, self);
    expect((await watch(self, v.id, 20)).last).toMatchObject({ qualified: true, viewer_earnings: 0 });
    expect(await earnings(self)).toMatchObject({ total_monthly_earnings: 0, creator_earnings: 0 });
  });

  it('checks who owns a session and what can be watched', async () => {
    const viewer = await signUpByEmail(t.app);
    const stranger = await signUpByEmail(t.app);
    const v = await video(20);
    const session = await open(viewer, v.id);
    expect(
      (await call('POST', `/api/viewing/sessions/${session}/heartbeat`, stranger, { position: 5 })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/viewing/sessions/${session}/heartbeat`, undefined, { position: 5 })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', `/api/viewing/sessions/${session}/heartbeat`, viewer, { position: -1 })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/viewing/sessions', viewer, { video_id: 'nope' })).json()).toMatchObject({
      code: 'video_not_found',
    });
    const processing = await insertVideo(t.ctx.db, creator.user.id, { status: 'processing' });
    expect((await call('POST', '/api/viewing/sessions', viewer, { video_id: processing.id })).statusCode).toBe(404);
    expect((await call('GET', '/api/viewing/earnings')).statusCode).toBe(401);
  });

  it('pays engagement for a first like, each tip and a content report, once per event', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video(20);
    for (let i = 0; i < 3; i++) {
      await call('POST', `/api/videos/${v.id}/like`, viewer);
      await t.app.inject({ method: 'DELETE', url: `/api/videos/${v.id}/like`, headers: bearer(viewer.access_token) });
    }
    const tip = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/videos/${v.id}/tip`,
        payload: { amount: 1 },
        headers: { ...bearer(viewer.access_token), 'idempotency-key': 'tip-key-0001' },
      });
    expect((await tip()).statusCode).toBe(200);
    expect((await tip()).statusCode).toBe(200); // a replay: the same tip
    const report = await call('POST', '/api/tickets', viewer, {
      title: 'Spam video',
      description: 'This video is spam',
      category_id: 6,
    });
    expect(report.statusCode).toBe(201);
    await call('POST', '/api/tickets', viewer, { title: 'Question', description: 'Not a report', category_id: 10 });
    expect(await earnings(viewer)).toMatchObject({
      engagement_earnings: 0.7,
      moderation_earnings: 0.5,
      engagements_made: 2,
      total_monthly_earnings: 1.2,
    });
  });

  it('pays quality feedback only for rating a video watched past 75 %, once', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video(20);
    const rate = (stars: number, who = viewer) => call('POST', `/api/videos/${v.id}/rating`, who, { rating: stars });
    expect((await rate(4)).json()).toMatchObject({ average: 4, count: 1, mine: 4, earned: 0 });
    await watch(viewer, v.id, 20);
    expect((await rate(5)).json()).toMatchObject({ average: 5, count: 1, mine: 5, earned: 0.3 });
    expect((await rate(3)).json()).toMatchObject({ mine: 3, earned: 0 });
    expect((await rate(6)).json()).toEqual({
      detail: 'rating: Please choose 1 to 5 stars',
      code: 'too_big',
      field: 'rating',
      params: { max: 5 },
    });
    expect((await rate(5, creator)).json().detail).toBe('You cannot rate your own video');
    expect((await call('GET', `/api/videos/${v.id}/rating`)).json()).toEqual({ average: 3, count: 1, mine: null });
    expect(await earnings(viewer)).toMatchObject({ quality_feedback_earnings: 0.3, quality_reviews_given: 1 });
  });

  it('records a referral once and pays the referrer when the new viewer first qualifies', async () => {
    const referrer = await signUpByEmail(t.app);
    const code = (await earnings(referrer)).referral_code;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await earnings(referrer)).referral_code).toBe(code);
    const newcomer = await signUpByEmail(t.app);
    const claim = (who: AuthResponse, c: string) => call('POST', '/api/viewing/referral', who, { code: c });
    expect((await claim(referrer, code)).json().detail).toBe('You cannot use your own referral code');
    expect((await claim(newcomer, 'NOSUCHCODE')).statusCode).toBe(404);
    expect((await claim(newcomer, code.toLowerCase())).json()).toEqual({
      recorded: true,
      referrer_username: referrer.user.username,
    });
    expect((await claim(newcomer, code)).statusCode).toBe(409);
    expect((await claim(referrer, (await earnings(newcomer)).referral_code)).json().detail).toBe(
      'You cannot use the code of someone you referred',
    );

    const v = await video(20);
    await watch(newcomer, v.id, 20);
    now += DAY;
    await watch(newcomer, v.id, 20);
    expect(await earnings(referrer)).toMatchObject({ referral_earnings: 20, referrals: 1 });
  });

  it('stops paying at the daily cap, shortening the last payment, and starts again the next day', async () => {
    const viewer = await signUpByEmail(t.app);
    const pay = (amount: number, key: string) =>
      t.ctx.db
        .transaction()
        .execute(
          async (trx) =>
            (
              await payRewards(
                trx,
                [{ userId: viewer.user.id, category: 'engagement', amount, eventKey: key, ref: 'x' }],
                new Date(now),
              )
            ).get(key) ?? 0,
        );
    expect(await pay(EarningsRules.dailyCap - 100, `cap-a-${now}`)).toBe(EarningsRules.dailyCap - 100);
    expect(await Promise.all([pay(300, `cap-b-${now}`), pay(300, `cap-c-${now}`)])).toEqual(
      expect.arrayContaining([100, 0]),
    );
    expect(await pay(300, `cap-d-${now}`)).toBe(0);
    now += DAY;
    expect(await pay(300, `cap-e-${now}`)).toBe(300);
    expect(await balanceOf(t.ctx.db, RupeeAccount.earnings(viewer.user.id))).toBe(EarningsRules.dailyCap + 300);
  });

  it('keeps the rupee books balanced', async () => {
    const sums = await sumOfBalancesByCurrency(t.ctx.db);
    expect([sums.get('TOKEN'), sums.get('INR')]).toEqual([0, 0]);
  });
});
