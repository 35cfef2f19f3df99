import type { AuthResponse, Payout } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundPools } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { balanceOf, openAccount, transfer } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { EarningKind } from './rewards.service.ts';

const bank = {
  account_holder_name: 'Ravi Kumar',
  account_number: '918273645501',
  ifsc_code: 'HDFC0001234',
  bank_name: 'HDFC Bank',
};

/** Attack: staff approving their own payout, and support approving any amount. */
describe.each(testDialects)('payout decisions on %s', (dialect) => {
  let t: TestApp;
  let admin: AuthResponse;
  let support: AuthResponse;
  let otherSupport: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PAYOUT_ADMIN_ABOVE_RUPEES: '10000' });
    await fundPools(t.ctx.db, 100_000_000);
    admin = await signUpByEmail(t.app);
    support = await signUpByEmail(t.app);
    otherSupport = await signUpByEmail(t.app);
    await t.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
    await t.ctx.db
      .updateTable('users')
      .set({ role: 'support' })
      .where('id', 'in', [support.user.id, otherSupport.user.id])
      .execute();
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT', url: string, who: AuthResponse, payload: object) =>
    t.app.inject({ method, url, payload, headers: bearer(who.access_token) });
  /** Earnings credited as the reward rules would, then a payout of all of them. */
  const payoutOf = async (who: AuthResponse, paise: number): Promise<Payout> => {
    await t.ctx.db.transaction().execute(async (trx) => {
      await openAccount(trx, RupeeAccount.earnings(who.user.id), 'INR');
      await transfer(
        {
          from: RupeeAccount.pool('watch_time'),
          to: RupeeAccount.earnings(who.user.id),
          amount: paise,
          currency: 'INR',
          kind: EarningKind.watch_time,
          ref: 'test',
          idempotencyKey: `test-earn:${Math.random()}`,
        },
        trx,
      );
    });
    const res = await call('POST', '/api/viewing/payout', who, { payout_method: 'bank_transfer', bank_details: bank });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Payout>();
  };
  const decide = (id: string, who: AuthResponse, status: 'paid' | 'rejected') =>
    call('PUT', `/api/viewing/payouts/${id}`, who, { status });

  it('refuses staff a decision on their own payout (403), paid or rejected, and moves nothing', async () => {
    const mine = await payoutOf(support, 600_000);
    const pending = await balanceOf(t.ctx.db, RupeeAccount.payoutsPending);
    for (const status of ['paid', 'rejected'] as const) {
      const res = await decide(mine.id, support, status);
      expect([res.statusCode, res.json()]).toEqual([
        403,
        { detail: 'Another staff member must decide your own payout', code: 'own_payout' },
      ]);
    }
    expect(await balanceOf(t.ctx.db, RupeeAccount.payoutsPending)).toBe(pending);
    // an admin is staff too: their own payout goes to someone else
    const adminsOwn = await payoutOf(admin, 600_000);
    expect((await decide(adminsOwn.id, admin, 'paid')).json().code).toBe('own_payout');
    expect((await decide(mine.id, otherSupport, 'paid')).json()).toMatchObject({ status: 'paid' });
    expect((await decide(adminsOwn.id, support, 'paid')).json()).toMatchObject({ status: 'paid' });
  });

  it('leaves a payout above the set amount to an admin (403 for support)', async () => {
    const viewer = await signUpByEmail(t.app);
    const big = await payoutOf(viewer, 1_000_001); // ₹10,000.01, above PAYOUT_ADMIN_ABOVE_RUPEES=10000
    const res = await decide(big.id, support, 'paid');
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { detail: 'Payouts above ₹10,000.00 are decided by an admin', code: 'admin_required' },
    ]);
    expect((await decide(big.id, admin, 'paid')).json()).toMatchObject({ status: 'paid' });

    const atLimit = await payoutOf(await signUpByEmail(t.app), 1_000_000);
    expect((await decide(atLimit.id, support, 'paid')).json()).toMatchObject({ status: 'paid' });
  });
});
