import type { EarningsDaily } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundPools } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { payRewards, type RewardCategory } from './rewards.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)('viewer earnings per day on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await fundPools(t.ctx.db, 1_000_000);
  });
  afterAll(() => t.close());

  const daily = (token?: string, query = '') =>
    t.app.inject({ url: `/api/earnings/daily${query}`, headers: token ? bearer(token) : {} });
  const earn = (userId: string, category: RewardCategory, amount: number, key: string) =>
    t.ctx.db
      .transaction()
      .execute((trx) => payRewards(trx, [{ userId, category, amount, eventKey: key, ref: key }], new Date()));

  it("gives the caller's own earnings per UTC day and category, in paise, every day present", async () => {
    const viewer = await signUpByEmail(t.app);
    const other = await signUpByEmail(t.app);
    await earn(viewer.user.id, 'watch_time', 150, 'w1');
    await earn(viewer.user.id, 'watch_time', 25, 'w2');
    await earn(viewer.user.id, 'discovery', 40, 'd1');
    await earn(other.user.id, 'engagement', 999, 'o1');
    // one earning from two days ago
    await t.ctx.db
      .updateTable('ledger_entries')
      .set({ created_at: new Date(Date.now() - 2 * DAY_MS).toISOString() })
      .where('idempotency_key', '=', 'earn:w2')
      .execute();

    const res = await daily(viewer.access_token, '?days=7');
    expect(res.statusCode).toBe(200);
    const { days } = res.json<EarningsDaily>();
    expect(days.map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => new Date(Date.now() - (6 - i) * DAY_MS).toISOString().slice(0, 10)),
    );
    expect(days.at(-1)).toEqual({
      date: days.at(-1)!.date,
      watch_time: 150,
      engagement: 0,
      discovery: 40,
      quality_feedback: 0,
      moderation: 0,
      referral: 0,
      creator: 0,
    });
    expect(days.at(-3)).toMatchObject({ watch_time: 25, discovery: 0 });
    expect(days.reduce((n, d) => n + d.engagement, 0)).toBe(0);
    expect((await daily(viewer.access_token)).json<EarningsDaily>().days).toHaveLength(30);
  });

  it('refuses bad ranges with 400 and strangers with 401', async () => {
    const viewer = await signUpByEmail(t.app);
    for (const days of ['0', '1000', 'abc', '91'])
      expect((await daily(viewer.access_token, `?days=${days}`)).statusCode).toBe(400);
    expect((await daily()).statusCode).toBe(401);
  });
});
