import type { AuthResponse, Payout, ViewerEarnings } from '@app/shared';
import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../boot.ts';
import { loadConfig } from '../../config.ts';
import { fundPools } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';
import { sumOfBalancesByCurrency } from '../ledger/ledger.repository.ts';
import { balanceOf, openAccount, transfer } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { unsealDetails } from './payout-details.ts';
import { EarningKind } from './rewards.service.ts';

const ACCOUNT_NUMBER = '918273645501';
const UPI_ID = 'ravi.kumar@okhdfc';
const bank = {
  account_holder_name: 'Ravi Kumar',
  account_number: ACCOUNT_NUMBER,
  ifsc_code: 'HDFC0001234',
  bank_name: 'HDFC Bank',
};

describe.each(testDialects)('payouts on %s', (dialect) => {
  let t: TestApp;
  let staff: AuthResponse;
  const logLines: string[] = [];

  beforeAll(async () => {
    // Every log line the server writes, at the most verbose level, to look for leaked details.
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'trace' }), {
      write: (line: string) => void logLines.push(line),
    });
    const staffWallet = privateKeyToAccount(generatePrivateKey());
    t = await createTestApp(dialect, { ADMIN_WALLETS: staffWallet.address, LOG_LEVEL: 'trace' }, { logger });
    staff = await signInWithWallet(t.app, staffWallet);
    await fundPools(t.ctx.db, 100_000_000);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
  /** Earnings credited through the ledger, as the reward rules would. */
  const earn = async (who: AuthResponse, paise: number) =>
    t.ctx.db.transaction().execute(async (trx) => {
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
  const requestPayout = (who: AuthResponse, body: object = { payout_method: 'bank_transfer', bank_details: bank }) =>
    call('POST', '/api/viewing/payout', who, body);
  const earnings = async (who: AuthResponse) =>
    (await call('GET', '/api/viewing/earnings', who)).json<ViewerEarnings>();

  it('refuses a payout below ₹5,000 of earnings, and moves nothing', async () => {
    const viewer = await signUpByEmail(t.app);
    await earn(viewer, 499_999);
    const res = await requestPayout(viewer);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Payouts start at ₹5,000.00 of monthly earnings; you have ₹4,999.99',
      code: 'payout_below_threshold',
      params: { threshold: '₹5,000.00', earned: '₹4,999.99' },
    });
    expect(await earnings(viewer)).toMatchObject({
      total_monthly_earnings: 4999.99,
      progress_to_payout: 99.9,
      amount_needed_for_payout: 0.01,
      pending_payouts: 0,
    });
  });

  it.each([
    [{ payout_method: 'bank_transfer', bank_details: { ...bank, bank_name: '' } }, 'Please fill in all bank details'],
    [{ payout_method: 'bank_transfer', bank_details: null }, 'Please fill in all bank details'],
    [
      { payout_method: 'bank_transfer', bank_details: { ...bank, ifsc_code: 'HDFC1001234' } },
      'Please enter a valid IFSC code (like HDFC0001234)',
    ],
    [
      { payout_method: 'bank_transfer', bank_details: { ...bank, account_number: '12ab' } },
      'Please enter a valid account number (9 to 18 digits)',
    ],
    [{ payout_method: 'upi', bank_details: {} }, 'Please enter your UPI ID'],
    [{ payout_method: 'upi', bank_details: { upi_id: 'no-at-sign' } }, 'Please enter a valid UPI ID (like name@bank)'],
    [{ payout_method: 'cheque', bank_details: bank }, 'payout_method: Please choose a payout method'],
  ])('validates the details: %j', async (body, detail) => {
    const viewer = await signUpByEmail(t.app);
    await earn(viewer, 600_000);
    const res = await requestPayout(viewer, body);
    expect([res.statusCode, res.json().detail]).toEqual([400, detail]);
    expect(await balanceOf(t.ctx.db, RupeeAccount.earnings(viewer.user.id))).toBe(600_000);
  });

  it('moves all unpaid earnings to one pending payout when 20 requests arrive at once', async () => {
    const viewer = await signUpByEmail(t.app);
    await earn(viewer, 512_345);
    const pendingBefore = await balanceOf(t.ctx.db, RupeeAccount.payoutsPending);
    const results = await Promise.all(Array.from({ length: 20 }, () => requestPayout(viewer)));
    const created = results.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 400 || r.statusCode === 409)).toBe(
      true,
    );
    expect(created[0]!.json<Payout>()).toMatchObject({
      amount: 5123.45,
      payout_method: 'bank_transfer',
      status: 'pending',
    });
    expect(await balanceOf(t.ctx.db, RupeeAccount.earnings(viewer.user.id))).toBe(0);
    expect(await balanceOf(t.ctx.db, RupeeAccount.payoutsPending)).toBe(pendingBefore + 512_345);
    const rows = await t.ctx.db.selectFrom('payouts').select('amount').where('user_id', '=', viewer.user.id).execute();
    expect(rows.map((r) => Number(r.amount))).toEqual([512_345]);
    expect(await earnings(viewer)).toMatchObject({
      total_monthly_earnings: 0,
      pending_payouts: 5123.45,
      last_payout_amount: 5123.45,
      lifetime_earnings: 5123.45,
    });
  });

  it('lets staff list payouts and mark them paid or rejected, once; a rejected payout returns the money', async () => {
    const viewer = await signUpByEmail(t.app);
    await earn(viewer, 500_000);
    const first = (await requestPayout(viewer)).json<Payout>();
    expect((await call('GET', '/api/viewing/payouts', viewer)).json().payouts.map((p: Payout) => p.id)).toEqual([
      first.id,
    ]);
    expect((await call('PUT', `/api/viewing/payouts/${first.id}`, viewer, { status: 'paid' })).statusCode).toBe(403);
    const listed = (await call('GET', '/api/viewing/payouts?status=pending', staff)).json().payouts as Payout[];
    expect(listed.find((p) => p.id === first.id)).toMatchObject({ username: viewer.user.username, amount: 5000 });

    const gatewayBefore = await balanceOf(t.ctx.db, RupeeAccount.gateway);
    expect((await call('PUT', `/api/viewing/payouts/${first.id}`, staff, { status: 'paid' })).json()).toMatchObject({
      status: 'paid',
    });
    expect((await call('PUT', `/api/viewing/payouts/${first.id}`, staff, { status: 'rejected' })).json()).toEqual({
      detail: 'This payout was already decided',
      code: 'payout_already_decided',
    });
    expect(await balanceOf(t.ctx.db, RupeeAccount.gateway)).toBe(gatewayBefore + 500_000);
    expect(await earnings(viewer)).toMatchObject({ total_payouts: 5000, pending_payouts: 0 });

    await earn(viewer, 700_000);
    const second = (
      await requestPayout(viewer, { payout_method: 'upi', bank_details: { upi_id: UPI_ID } })
    ).json<Payout>();
    expect(second.bank_details).toEqual({ upi_id: 'ra••••@okhdfc' });
    expect(
      (
        await call('PUT', `/api/viewing/payouts/${second.id}`, staff, { status: 'rejected', note: 'UPI ID closed' })
      ).json(),
    ).toMatchObject({ status: 'rejected', note: 'UPI ID closed' });
    expect(await earnings(viewer)).toMatchObject({
      total_monthly_earnings: 7000,
      total_payouts: 5000,
      lifetime_earnings: 12000,
      last_payout_amount: 5000,
    });
    expect((await call('PUT', '/api/viewing/payouts/nope', staff, { status: 'paid' })).statusCode).toBe(404);
  });

  it('never shows a bank account number or UPI ID in plain text: not in responses, logs or any database column', async () => {
    const viewer = await signUpByEmail(t.app);
    await earn(viewer, 1_000_000);
    const responses: string[] = [];
    const record = async (p: ReturnType<typeof call>) => {
      const res = await p;
      responses.push(res.body);
      return res;
    };
    await record(
      requestPayout(viewer, { payout_method: 'bank_transfer', bank_details: { ...bank, ifsc_code: 'bad' } }),
    );
    const payout = (await record(requestPayout(viewer))).json<Payout>();
    expect(payout.bank_details).toEqual({
      account_holder_name: 'R••• K•••',
      account_number: '••••••••5501',
      ifsc_code: 'HDFC0001234',
      bank_name: 'HDFC Bank',
    });
    await record(requestPayout(viewer));
    await earn(viewer, 600_000);
    await record(requestPayout(viewer, { payout_method: 'upi', bank_details: { upi_id: UPI_ID } }));
    await record(call('GET', '/api/viewing/payouts', viewer));
    await record(call('GET', '/api/viewing/payouts', staff));
    await record(call('PUT', `/api/viewing/payouts/${payout.id}`, staff, { status: 'paid' }));
    await record(call('GET', '/api/viewing/earnings', viewer));

    expect(logLines.some((l) => l.includes('payout requested'))).toBe(true);
    for (const text of [...responses, ...logLines, ...(await everyStoredText())]) {
      expect(text).not.toContain(ACCOUNT_NUMBER);
      expect(text).not.toContain(UPI_ID);
    }
    // …and yet the details are kept: sealed with a key derived from the app's secret.
    const row = await t.ctx.db
      .selectFrom('payouts')
      .select('details_sealed')
      .where('id', '=', payout.id)
      .executeTakeFirstOrThrow();
    expect(unsealDetails(t.ctx.secrets, payout.id, viewer.user.id, row.details_sealed)).toEqual(bank);
  });

  /** Every value of every table, as text. */
  async function everyStoredText(): Promise<string[]> {
    const tables =
      dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%fts%'`.execute(
              t.ctx.db,
            )
          ).rows
        : (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(t.ctx.db)
          ).rows;
    const texts: string[] = [];
    for (const { name } of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.ctx.db)).rows;
      texts.push(JSON.stringify(rows));
    }
    expect(texts.join('').length).toBeGreaterThan(1000);
    return texts;
  }

  it('keeps the rupee books balanced', async () => {
    const sums = await sumOfBalancesByCurrency(t.ctx.db);
    expect([sums.get('TOKEN'), sums.get('INR')]).toEqual([0, 0]);
  });
});
