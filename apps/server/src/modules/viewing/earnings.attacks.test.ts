import { EarningCategories, type AuthResponse, type HeartbeatResult, type ViewerEarnings } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { sumOfBalancesByCurrency } from '../ledger/ledger.repository.ts';
import { balancesOf } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { clockFrom } from '../../lib/clock.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const POOLS = [RupeeAccount.creatorsPool, ...EarningCategories.map(RupeeAccount.pool)];

/** Attack: viewer earnings paid from pools that no ad money funded (they went below zero). */
describe.each(testDialects)('reward pools on %s', (dialect) => {
  let t: TestApp;
  let now: number;
  let creator: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect); // a fresh database: no ad money has come in, every pool holds 0
    creator = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = Math.floor(Date.now() / DAY) * DAY + 10 * 60 * MINUTE;
    t.ctx.clock = clockFrom(() => now);
  });

  const call = (method: 'GET' | 'POST', url: string, who?: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
  const earnings = async (who: AuthResponse) =>
    (await call('GET', '/api/viewing/earnings', who)).json<ViewerEarnings>();
  const poolBalances = async () => [...(await balancesOf(t.ctx.db, POOLS)).values()];
  /** Watches 40 s of a 60 s video with honest heartbeats: the next beat qualifies the session. */
  const almostQualify = async (who: AuthResponse) => {
    const v = await insertVideo(t.ctx.db, creator.user.id, { duration_ms: 60_000 });
    const session = (await call('POST', '/api/viewing/sessions', who, { video_id: v.id })).json<{
      session_id: string;
    }>().session_id;
    for (let s = 10; s <= 40; s += 10) {
      now += 10_000;
      await call('POST', `/api/viewing/sessions/${session}/heartbeat`, who, { position: s, active: true });
    }
    return session;
  };
  const lastBeat = async (who: AuthResponse, session: string) => {
    const beat = (
      await call('POST', `/api/viewing/sessions/${session}/heartbeat`, who, { position: 50, active: true })
    ).json<HeartbeatResult>();
    expect(beat.qualified).toBe(true);
    return beat;
  };
  const qualifiedWatch = async (who: AuthResponse) => {
    const session = await almostQualify(who);
    now += 10_000;
    return lastBeat(who, session);
  };

  it('credits nothing from an empty pool: the earning is shown as pending, and no pool goes below zero', async () => {
    const viewer = await signUpByEmail(t.app);
    const beat = await qualifiedWatch(viewer);
    expect(beat.viewer_earnings).toBe(0);
    // ₹0.50 of watch time and ₹1 of discovery were earned; nothing funds them yet
    expect(await earnings(viewer)).toMatchObject({
      total_monthly_earnings: 0,
      lifetime_earnings: 0,
      pending_earnings: 1.5,
      today_earnings: 1.5,
    });
    expect(await earnings(creator)).toMatchObject({ creator_earnings: 0, pending_earnings: 0.5 });
    expect((await poolBalances()).every((b) => b >= 0)).toBe(true);
    expect(await sumOfBalancesByCurrency(t.ctx.db)).toEqual(
      new Map([
        ['TOKEN', 0],
        ['INR', 0],
      ]),
    );
  });

  it('credits pending earnings, oldest first, as ad money comes into the pools', async () => {
    const viewer = await signUpByEmail(t.app);
    await qualifiedWatch(viewer);
    const before = await earnings(viewer);
    const creatorBefore = await earnings(creator);
    expect(before.pending_earnings).toBeGreaterThan(0);

    // Each click (₹5) puts ₹3.50 in the creators' pool and ₹0.75 in the viewer pools; the earnings
    // of the test before are older and are paid first.
    const advertiser = await signUpByEmail(t.app);
    await call('POST', '/api/advertisers/account', advertiser, {
      company_name: 'Chai Point',
      contact_email: 'ads@chai.example',
    });
    await call('POST', '/api/advertisers/funds', advertiser, { amount: 1000 });
    const campaign = (
      await call('POST', '/api/advertisers/campaigns', advertiser, {
        title: 'Chai',
        description: '',
        budget: 500,
        daily_budget: 100,
        target_category: 'Music',
      })
    ).json<{ id: string }>();
    for (let i = 1; i <= 12; i++) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/advertisers/campaigns/${campaign.id}/click`,
            remoteAddress: `10.9.0.${i}`,
          })
        ).json().counted,
      ).toBe(true);
    }

    const creatorAfter = await earnings(creator);
    expect(creatorAfter.pending_earnings).toBe(0);
    expect(creatorAfter.creator_earnings).toBe(creatorBefore.creator_earnings + creatorBefore.pending_earnings);
    const after = await earnings(viewer);
    expect(after.total_monthly_earnings).toBeGreaterThan(0);
    // what moved out of pending is exactly what was credited: nothing is lost or paid twice
    expect(Math.round((after.total_monthly_earnings + after.pending_earnings) * 100)).toBe(
      Math.round((before.total_monthly_earnings + before.pending_earnings) * 100),
    );
    expect((await poolBalances()).every((b) => b >= 0)).toBe(true);
    expect(await sumOfBalancesByCurrency(t.ctx.db)).toEqual(
      new Map([
        ['TOKEN', 0],
        ['INR', 0],
      ]),
    );
  });

  it('never lets concurrent qualified watches take a pool below zero', async () => {
    const viewers = await Promise.all(Array.from({ length: 8 }, () => signUpByEmail(t.app)));
    const sessions: string[] = [];
    for (const v of viewers) sessions.push(await almostQualify(v));
    now += 10_000;
    await Promise.all(viewers.map((v, i) => lastBeat(v, sessions[i]!)));
    expect((await poolBalances()).every((b) => b >= 0)).toBe(true);
    expect(await sumOfBalancesByCurrency(t.ctx.db)).toEqual(
      new Map([
        ['TOKEN', 0],
        ['INR', 0],
      ]),
    );
  });

  it('refuses a negative pool balance in SQL itself (CHECK constraint), not only in code', async () => {
    for (const pool of POOLS) {
      await expect(sql`update ledger_accounts set balance = -1 where id = ${pool}`.execute(t.ctx.db)).rejects.toThrow(
        /check/i,
      );
    }
    // the mint and the gateway are the issuing side and still may
    await sql`update ledger_accounts set balance = balance - 1 where id = ${RupeeAccount.gateway}`.execute(t.ctx.db);
    await sql`update ledger_accounts set balance = balance + 1 where id = ${RupeeAccount.gateway}`.execute(t.ctx.db);
  });
});
