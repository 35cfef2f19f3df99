import {
  AdRules,
  type AdvertiserDashboard,
  type AuthResponse,
  type Campaign,
  type SponsoredCampaign,
} from '@app/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { sumOfBalancesByCurrency } from '../ledger/ledger.repository.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { payRewards } from '../viewing/rewards.service.ts';
import { clockFrom } from '../../lib/clock.ts';

const HOUR = 3_600_000;

describe.each(testDialects)('advertisers and campaigns on %s', (dialect) => {
  let t: TestApp;
  let now: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 9 * HOUR; // 09:00 UTC today
    t.ctx.clock = clockFrom(() => now);
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    who?: AuthResponse,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers: { ...(who ? bearer(who.access_token) : {}), ...headers } });
  const advertiser = async (funds = 0) => {
    const who = await signUpByEmail(t.app);
    expect(
      (
        await call('POST', '/api/advertisers/account', who, {
          company_name: 'Chai Point',
          contact_email: 'ads@chai.example',
        })
      ).statusCode,
    ).toBe(201);
    if (funds) expect((await call('POST', '/api/advertisers/funds', who, { amount: funds })).statusCode).toBe(201);
    return who;
  };
  const campaign = async (who: AuthResponse, body: object = {}) => {
    const res = await call('POST', '/api/advertisers/campaigns', who, {
      title: 'Morning chai',
      description: 'Fresh every day',
      budget: 500,
      daily_budget: 100,
      target_category: 'Music',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Campaign>();
  };
  const dashboard = async (who: AuthResponse) =>
    (await call('GET', '/api/advertisers/dashboard', who)).json<AdvertiserDashboard>();
  /** A different anonymous viewer per name, each on an address of its own (a User-Agent alone is no viewer: see advertisers.attacks.test.ts). */
  const addresses = new Map<string, string>();
  const addressOf = (viewer: string) => {
    if (!addresses.has(viewer))
      addresses.set(viewer, `10.1.${Math.floor(addresses.size / 250)}.${(addresses.size % 250) + 1}`);
    return addresses.get(viewer)!;
  };
  const impression = (id: string, viewer: string, kind: 'impression' | 'click' = 'impression') =>
    t.app.inject({ method: 'POST', url: `/api/advertisers/campaigns/${id}/${kind}`, remoteAddress: addressOf(viewer) });

  it('answers 404 without an account, then creates exactly one account per user', async () => {
    const who = await signUpByEmail(t.app);
    expect((await call('GET', '/api/advertisers/dashboard')).statusCode).toBe(401);
    expect((await call('GET', '/api/advertisers/dashboard', who)).json()).toEqual({
      detail: 'No advertiser account',
      code: 'no_advertiser_account',
    });
    const bad = async (body: object) => (await call('POST', '/api/advertisers/account', who, body)).json().detail;
    expect(await bad({ company_name: ' ', contact_email: 'a@b.example' })).toContain('Please enter your company name');
    expect(await bad({ company_name: 'X', contact_email: 'nope' })).toContain('Please enter a valid email address');
    expect(await bad({ company_name: 'X', contact_email: 'a@b.example', contact_phone: 'call me' })).toContain(
      'Please enter a valid phone number',
    );
    const created = await call('POST', '/api/advertisers/account', who, {
      company_name: 'Chai Point',
      contact_email: 'Ads@Chai.example',
      contact_phone: '+91 98765 43210',
    });
    expect(created.json()).toMatchObject({
      company_name: 'Chai Point',
      contact_email: 'ads@chai.example',
      contact_phone: '+91 98765 43210',
      account_balance: 0,
      account_status: 'active',
      verification_status: 'pending',
    });
    expect(
      (await call('POST', '/api/advertisers/account', who, { company_name: 'Again', contact_email: 'a@b.example' }))
        .statusCode,
    ).toBe(409);
    expect(await dashboard(who)).toMatchObject({
      account: { company_name: 'Chai Point' },
      summary: {
        account_balance: 0,
        active_campaigns: 0,
        total_views: 0,
        avg_ctr: 0,
        total_campaigns: 0,
        total_spent: 0,
        total_impressions: 0,
        total_clicks: 0,
      },
    });
  });

  it.each([[999], [1050], [1000.5], [-1000], [0], [10_000_100]])(
    'refuses to add ₹%s (minimum ₹1000, steps of ₹100)',
    async (amount) => {
      const who = await advertiser();
      const res = await call('POST', '/api/advertisers/funds', who, { amount });
      expect(res.statusCode).toBe(400);
      expect((await dashboard(who)).summary.account_balance).toBe(0);
    },
  );

  it('adds funds through the payment provider as a recorded payment, once per idempotency key', async () => {
    const who = await advertiser();
    const gateway = await balanceOf(t.ctx.db, RupeeAccount.gateway);
    const add = (key: string) =>
      call('POST', '/api/advertisers/funds', who, { amount: 2500 }, { 'idempotency-key': key });
    const first = (await add('funds-key-0001')).json();
    expect(first).toMatchObject({ account_balance: 2500, transaction: { amount: 2500, provider: 'test' } });
    expect((await add('funds-key-0001')).json()).toEqual(first);
    expect((await add('funds-key-0002')).json().account_balance).toBe(5000);
    expect((await call('POST', '/api/advertisers/funds', who, { amount: '1000' })).statusCode).toBe(400);
    expect(await balanceOf(t.ctx.db, RupeeAccount.gateway)).toBe(gateway - 500_000);
    const payments = await t.ctx.db
      .selectFrom('advertiser_funds')
      .select('amount')
      .where('advertiser_id', '=', (await dashboard(who)).account.id)
      .execute();
    expect(payments.map((p) => Number(p.amount))).toEqual([250_000, 250_000]);
  });

  it('refuses funds when no payment provider is configured', async () => {
    const other = await createTestApp(dialect, { PAYMENT_PROVIDER: 'none' });
    try {
      const who = await signUpByEmail(other.app);
      await other.app.inject({
        method: 'POST',
        url: '/api/advertisers/account',
        payload: { company_name: 'X', contact_email: 'x@y.example' },
        headers: bearer(who.access_token),
      });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/advertisers/funds',
        payload: { amount: 1000 },
        headers: bearer(who.access_token),
      });
      expect([res.statusCode, res.json().detail]).toEqual([
        400,
        'Adding funds is not available yet: no payment provider is configured',
      ]);
    } finally {
      await other.close();
    }
  });

  it('runs a campaign: budget within the balance, pause, resume, cancel with the unspent budget returned', async () => {
    const who = await advertiser(1000);
    expect(
      (
        await call('POST', '/api/advertisers/campaigns', who, {
          title: 'Big',
          budget: 1500,
          daily_budget: 100,
          target_category: 'Music',
        })
      ).json().detail,
    ).toBe('The budget is more than your account balance. Add funds first.');
    expect(
      (
        await call('POST', '/api/advertisers/campaigns', who, {
          title: 'Odd',
          budget: 500,
          daily_budget: 600,
          target_category: 'Music',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/advertisers/campaigns', who, {
          title: 'Odd',
          budget: 500,
          daily_budget: 100,
          target_category: 'Cooking',
        })
      ).statusCode,
    ).toBe(400);
    const c = await campaign(who, { landing_url: 'https://chai.example/offer' });
    expect(c).toMatchObject({
      status: 'active',
      budget: 500,
      spent_amount: 0,
      remaining_budget: 500,
      views: 0,
      daily_budget: 100,
      target_category: 'Music',
      landing_url: 'https://chai.example/offer',
    });
    expect((await dashboard(who)).summary).toMatchObject({
      account_balance: 500,
      active_campaigns: 1,
      total_campaigns: 1,
    });

    const stranger = await advertiser();
    expect((await call('POST', `/api/advertisers/campaigns/${c.id}/pause`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/advertisers/campaigns/${c.id}/pause`, who)).json().status).toBe('paused');
    expect((await call('POST', `/api/advertisers/campaigns/${c.id}/pause`, who)).json().detail).toBe(
      'A paused campaign cannot be paused',
    );
    expect((await call('POST', `/api/advertisers/campaigns/${c.id}/resume`, who)).json().status).toBe('active');
    expect((await impression(c.id, 'viewer-a')).json()).toEqual({
      counted: true,
      landing_url: 'https://chai.example/offer',
    });
    const cancelled = (await call('POST', `/api/advertisers/campaigns/${c.id}/cancel`, who)).json<Campaign>();
    expect(cancelled).toMatchObject({ status: 'cancelled', spent_amount: 0.2, remaining_budget: 0 });
    expect((await dashboard(who)).summary).toMatchObject({
      account_balance: 999.8,
      active_campaigns: 0,
      total_spent: 0.2,
    });
    expect((await call('POST', `/api/advertisers/campaigns/${c.id}/cancel`, who)).statusCode).toBe(409);
    expect((await impression(c.id, 'viewer-b')).json().counted).toBe(false);
    expect(
      (await call('GET', '/api/advertisers/campaigns', who)).json().campaigns.map((x: Campaign) => x.status),
    ).toEqual(['cancelled']);
  });

  it('shows active campaigns as sponsored cards in their category feed, never to their owner', async () => {
    const who = await advertiser(1000);
    const c = await campaign(who, { target_category: 'Gaming', title: 'Play more' });
    const cards = async (query: string, viewer?: AuthResponse) =>
      (await call('GET', `/api/advertisers/sponsored${query}`, viewer)).json().campaigns as SponsoredCampaign[];
    expect((await cards('?category=gaming')).map((x) => x.id)).toContain(c.id);
    expect((await cards('?category=gaming'))[0]).toMatchObject({
      company_name: 'Chai Point',
      target_category: 'Gaming',
    });
    expect((await cards('?category=news')).map((x) => x.id)).not.toContain(c.id);
    expect((await cards('?category=gaming', who)).map((x) => x.id)).not.toContain(c.id);
    expect((await impression(c.id, 'x')).statusCode).toBe(200);
    expect((await call('POST', `/api/advertisers/campaigns/${c.id}/impression`, who)).json().counted).toBe(false);
    await call('POST', `/api/advertisers/campaigns/${c.id}/pause`, who);
    expect((await cards('?category=gaming')).map((x) => x.id)).not.toContain(c.id);
  });

  it('counts an impression or click at most once per viewer per hour, charges it and splits it 70/15/15', async () => {
    const who = await advertiser(1000);
    const c = await campaign(who);
    const pools = [
      RupeeAccount.creatorsPool,
      RupeeAccount.platform,
      RupeeAccount.pool('watch_time'),
      RupeeAccount.pool('engagement'),
    ];
    const before = await Promise.all(pools.map((p) => balanceOf(t.ctx.db, p)));
    expect((await impression(c.id, 'v1')).json().counted).toBe(true);
    expect((await impression(c.id, 'v1')).json().counted).toBe(false);
    expect((await impression(c.id, 'v2')).json().counted).toBe(true);
    expect((await impression(c.id, 'v1', 'click')).json().counted).toBe(true);
    expect((await impression(c.id, 'v1', 'click')).json().counted).toBe(false);
    now += HOUR + 1;
    expect((await impression(c.id, 'v1')).json().counted).toBe(true);
    // 3 impressions at ₹0.20 and a click at ₹5: ₹5.60 = 560 paise → 392 creators, 84 viewers, 84 platform
    const after = await Promise.all(pools.map((p) => balanceOf(t.ctx.db, p)));
    const moved = after.map((a, i) => a - before[i]!);
    expect(moved.slice(0, 2)).toEqual([392, 84]);
    expect(moved[2]! + moved[3]!).toBeGreaterThan(0);
    expect(await balanceOf(t.ctx.db, RupeeAccount.adClearing)).toBe(0);
    expect((await dashboard(who)).summary).toMatchObject({
      total_views: 3,
      total_impressions: 3,
      total_clicks: 1,
      avg_ctr: 33.33,
      total_spent: 5.6,
    });
  });

  it('never spends past the daily budget under concurrent impressions', async () => {
    const who = await advertiser(1000);
    const c = await campaign(who, { budget: 100, daily_budget: 10 }); // ₹10 a day = 50 impressions
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => impression(c.id, `crowd-${i}`)));
    expect(results.filter((r) => r.json().counted).length).toBe(50);
    const [list] = (await call('GET', '/api/advertisers/campaigns', who)).json().campaigns as Campaign[];
    expect(list).toMatchObject({ views: 50, spent_amount: 10, remaining_budget: 90, status: 'active' });
    now += 24 * HOUR;
    expect((await impression(c.id, 'next-day')).json().counted).toBe(true);
  });

  it('never spends past the budget under concurrent clicks, and completes the campaign', async () => {
    const who = await advertiser(1000);
    const c = await campaign(who, { budget: 100, daily_budget: 100 }); // 20 clicks at ₹5
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => impression(c.id, `clicker-${i}`, 'click')));
    expect(results.filter((r) => r.json().counted).length).toBe(AdRules.minBudget / AdRules.clickPrice);
    const [list] = (await call('GET', '/api/advertisers/campaigns', who)).json().campaigns as Campaign[];
    expect(list).toMatchObject({ clicks: 20, spent_amount: 100, remaining_budget: 0, status: 'completed' });
    expect(await balanceOf(t.ctx.db, RupeeAccount.campaign(c.id))).toBe(0);
    expect((await call('POST', `/api/advertisers/campaigns/${c.id}/resume`, who)).statusCode).toBe(409);
  });

  it('charges ads and pays viewer rewards from the same pools at once without deadlocks', async () => {
    const who = await advertiser(1000);
    const c = await campaign(who, { budget: 1000, daily_budget: 1000 });
    const viewers = await Promise.all(Array.from({ length: 5 }, () => signUpByEmail(t.app)));
    const reward = (i: number) =>
      t.ctx.db.transaction().execute((trx) =>
        payRewards(
          trx,
          // the order a qualified watch pays in: watch time, the creator's share, discovery
          (['watch_time', 'creator', 'discovery'] as const).map((category, k) => ({
            userId: viewers[(i + k) % 5]!.user.id,
            category,
            amount: 7,
            eventKey: `mixed:${category}:${i}`,
            ref: 'mixed',
          })),
          new Date(now),
        ),
      );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 120 }, (_, i) =>
        i % 2 ? reward(i) : impression(c.id, `mixed-${i}`, i % 4 ? 'impression' : 'click'),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(
      outcomes.every(
        (o) =>
          o.status === 'fulfilled' &&
          (!('statusCode' in (o.value as object)) || (o.value as { statusCode: number }).statusCode === 200),
      ),
    ).toBe(true);
  });

  it('documents the earnings and advertising routes in the OpenAPI reference', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/viewing/payout',
        '/api/viewing/sessions/{id}/heartbeat',
        '/api/videos/{id}/rating',
        '/api/advertisers/funds',
        '/api/advertisers/campaigns',
        '/api/advertisers/sponsored',
      ]),
    );
    expect(
      doc.paths['/api/advertisers/funds'].post.requestBody.content['application/json'].schema.properties.amount.type,
    ).toBe('number');
  });

  it('keeps the rupee books balanced', async () => {
    const sums = await sumOfBalancesByCurrency(t.ctx.db);
    expect([sums.get('TOKEN'), sums.get('INR')]).toEqual([0, 0]);
  });
});
