import { AdRules, type AuthResponse, type Campaign, type CampaignDaily } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)('campaign per day on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
  const advertiserWithCampaign = async () => {
    const who = await signUpByEmail(t.app);
    await call('POST', '/api/advertisers/account', who, {
      company_name: 'Chai Point',
      contact_email: 'ads@chai.example',
    });
    await call('POST', '/api/advertisers/funds', who, { amount: 1000 });
    const res = await call('POST', '/api/advertisers/campaigns', who, {
      title: 'Morning chai',
      description: 'Fresh every day',
      budget: 500,
      daily_budget: 100,
      target_category: 'Music',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { who, campaign: res.json<Campaign>() };
  };
  let address = 0;
  const event = (id: string, kind: 'impression' | 'click') =>
    t.app.inject({
      method: 'POST',
      url: `/api/advertisers/campaigns/${id}/${kind}`,
      remoteAddress: `10.9.0.${++address}`,
    });

  it("gives the owner's campaign impressions, clicks and spend per UTC day", async () => {
    const { who, campaign } = await advertiserWithCampaign();
    const rival = await advertiserWithCampaign();
    for (let i = 0; i < 3; i++) await event(campaign.id, 'impression');
    await event(campaign.id, 'click');
    await event(rival.campaign.id, 'impression');
    // one impression was yesterday
    const [first] = await t.ctx.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', 'like', `ad:${campaign.id}:impression:%`)
      .execute();
    await t.ctx.db
      .updateTable('ledger_entries')
      .set({ created_at: new Date(Date.now() - DAY_MS).toISOString() })
      .where('id', '=', first!.id)
      .execute();

    const res = await call('GET', `/api/advertisers/campaigns/${campaign.id}/daily?days=3`, who);
    expect(res.statusCode, res.body).toBe(200);
    const { days } = res.json<CampaignDaily>();
    expect(days).toHaveLength(3);
    expect(days[0]).toMatchObject({ impressions: 0, clicks: 0, spend: 0 });
    expect(days[1]).toMatchObject({ impressions: 1, clicks: 0, spend: AdRules.impressionPrice });
    expect(days[2]).toMatchObject({
      impressions: 2,
      clicks: 1,
      spend: 2 * AdRules.impressionPrice + AdRules.clickPrice,
    });
    expect((await call('GET', `/api/advertisers/campaigns/${campaign.id}/daily`, who)).json().days).toHaveLength(30);
  });

  it("never shows another advertiser's campaign, and refuses bad input", async () => {
    const { who, campaign } = await advertiserWithCampaign();
    const rival = await advertiserWithCampaign();
    const url = (id: string, q = '') => `/api/advertisers/campaigns/${id}/daily${q}`;
    const theirs = await call('GET', url(campaign.id), rival.who);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('campaign_not_found');
    const noAccount = await call('GET', url(campaign.id), await signUpByEmail(t.app));
    expect(noAccount.statusCode).toBe(404);
    expect(noAccount.json().code).toBe('no_advertiser_account');
    expect((await call('GET', url('no-such-campaign'), who)).json().code).toBe('campaign_not_found');
    expect((await call('GET', url('x'.repeat(65)), who)).statusCode).toBe(400);
    for (const days of ['0', '1000', 'abc'])
      expect((await call('GET', url(campaign.id, `?days=${days}`), who)).statusCode).toBe(400);
    expect((await call('GET', url(campaign.id))).statusCode).toBe(401);
  });
});
