import type { AdvertiserDashboard, AuthResponse, Campaign } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { sumOfBalancesByCurrency } from '../ledger/ledger.repository.ts';

const AD_EVENTS_PER_ADDRESS = 5;

describe.each(testDialects)('ad charges and add-funds under attack on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { AD_EVENTS_PER_ADDRESS: String(AD_EVENTS_PER_ADDRESS) });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    who?: AuthResponse,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers: { ...(who ? bearer(who.access_token) : {}), ...headers } });
  const advertiser = async (funds: number) => {
    const who = await signUpByEmail(t.app);
    await call('POST', '/api/advertisers/account', who, {
      company_name: 'Chai Point',
      contact_email: 'ads@chai.example',
    });
    if (funds) expect((await call('POST', '/api/advertisers/funds', who, { amount: funds })).statusCode).toBe(201);
    return who;
  };
  /** A ₹300 campaign that could pay for 1,500 impressions or 60 clicks today. */
  const campaign = async (who: AuthResponse) =>
    (
      await call('POST', '/api/advertisers/campaigns', who, {
        title: 'Chai',
        description: '',
        budget: 300,
        daily_budget: 300,
        target_category: 'Music',
      })
    ).json<Campaign>();
  const spent = async (who: AuthResponse) =>
    (await call('GET', '/api/advertisers/campaigns', who)).json<{ campaigns: Campaign[] }>().campaigns[0]!.spent_amount;
  const event = (
    id: string,
    kind: 'impression' | 'click',
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method: 'POST', url: `/api/advertisers/campaigns/${id}/${kind}`, remoteAddress, headers });
  const counted = (results: Array<{ json(): { counted: boolean } }>) => results.filter((r) => r.json().counted).length;

  it('charges one address once per hour however often it rotates its User-Agent', async () => {
    const who = await advertiser(1000);
    const c = await campaign(who);
    const results = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        event(c.id, i % 2 ? 'click' : 'impression', '198.51.100.7', { 'user-agent': `Mozilla/5.0 (rotated ${i})` }),
      ),
    );
    expect(counted(results)).toBe(2); // one impression, one click
    expect(await spent(who)).toBe(5.2);
  });

  it('treats an IPv6 /64 as one address: rotating the host part buys nothing', async () => {
    const who = await advertiser(1000);
    const c = await campaign(who);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => event(c.id, 'click', `2001:db8:aa:bb:${i.toString(16)}::${i + 1}`)),
    );
    expect(counted(results)).toBe(1);
    expect(await spent(who)).toBe(5);
  });

  it('caps what one address is charged for a day even with many signed-in accounts', async () => {
    const who = await advertiser(1000);
    const c = await campaign(who);
    const accounts = await Promise.all(Array.from({ length: 12 }, () => signUpByEmail(t.app)));
    const results = await Promise.all(
      accounts.map((a) =>
        t.app.inject({
          method: 'POST',
          url: `/api/advertisers/campaigns/${c.id}/click`,
          remoteAddress: '203.0.113.9',
          headers: bearer(a.access_token),
        }),
      ),
    );
    expect(counted(results)).toBe(AD_EVENTS_PER_ADDRESS);
    expect(await spent(who)).toBe(AD_EVENTS_PER_ADDRESS * 5);
    // another address is another audience
    expect((await event(c.id, 'click', '203.0.113.10')).json().counted).toBe(true);
  });

  it('answers a replayed add-funds key with another amount 409 idempotency_mismatch, moving nothing', async () => {
    const who = await advertiser(0);
    const add = (amount: number) =>
      call('POST', '/api/advertisers/funds', who, { amount }, { 'idempotency-key': 'funds-replay-0001' });
    const first = await add(1000);
    expect(first.statusCode).toBe(201);
    const replay = await add(5000);
    expect([replay.statusCode, replay.json()]).toEqual([
      409,
      { detail: 'This idempotency key was already used to add a different amount', code: 'idempotency_mismatch' },
    ]);
    const same = await add(1000);
    expect([same.statusCode, same.json()]).toEqual([201, first.json()]);
    expect(
      (await call('GET', '/api/advertisers/dashboard', who)).json<AdvertiserDashboard>().summary.account_balance,
    ).toBe(1000);
    // at the same time: one amount is recorded, every other answer is the replay or a 409
    const racers = await Promise.all(
      [2000, 3000, 2000, 4000].map((amount) =>
        call('POST', '/api/advertisers/funds', who, { amount }, { 'idempotency-key': 'funds-race-0001' }),
      ),
    );
    const ok = racers.filter((r) => r.statusCode === 201);
    expect(new Set(ok.map((r) => r.json().transaction.amount)).size).toBe(1);
    expect(racers.every((r) => r.statusCode === 201 || r.json().code === 'idempotency_mismatch')).toBe(true);
    expect(
      (await call('GET', '/api/advertisers/dashboard', who)).json<AdvertiserDashboard>().summary.account_balance,
    ).toBe(1000 + ok[0]!.json().transaction.amount);
  });

  it('keeps the rupee books balanced', async () => {
    expect((await sumOfBalancesByCurrency(t.ctx.db)).get('INR')).toBe(0);
  });
});
