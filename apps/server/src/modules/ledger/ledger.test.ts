import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { signUpByEmail } from '../../testing/test-users.ts';
import { sumOfAllBalances } from './ledger.repository.ts';
import { SystemAccount, balanceOf, transfer, userAccountId, type TransferInput } from './ledger.service.ts';

const TOKEN = 1_000_000;
let keySeq = 0;
const key = (label: string) => `${label}-${++keySeq}-${Math.random().toString(36).slice(2)}`;

describe.each(testDialects)('ledger on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const run = (input: Omit<TransferInput, 'idempotencyKey'> & { idempotencyKey?: string }) =>
    t.ctx.db.transaction().execute((trx) => transfer({ idempotencyKey: key(input.kind), ...input }, trx));
  const balance = (account: string) => balanceOf(t.ctx.db, account);
  const newAccount = async () => userAccountId((await signUpByEmail(t.app)).user.id);
  const entryCount = async () =>
    Number((await t.ctx.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (err: unknown) => (err instanceof AppError ? err.code : String(err)),
    );

  it('gives a new user exactly 100 tokens from the mint, keeping the sum at zero', async () => {
    const account = await newAccount();
    expect(await balance(account)).toBe(100 * TOKEN);
    expect(await sumOfAllBalances(t.ctx.db)).toBe(0);
    expect(await balance(SystemAccount.mint)).toBeLessThanOrEqual(-100 * TOKEN);
  });

  it('moves exact integer amounts: ten tips of 0.1 are exactly 1 token', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    for (let i = 0; i < 10; i++) await run({ from: a, to: b, amount: TOKEN / 10, kind: 'tip' });
    expect(await balance(a)).toBe(99 * TOKEN);
    expect(await balance(b)).toBe(101 * TOKEN);
  });

  it('refuses an overdraft and leaves balances and entries as they were', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const entries = await entryCount();
    await expect(run({ from: a, to: b, amount: 100 * TOKEN + 1, kind: 'tip' })).rejects.toMatchObject({ statusCode: 400, code: 'insufficient_funds' });
    expect([await balance(a), await balance(b), await entryCount()]).toEqual([100 * TOKEN, 100 * TOKEN, entries]);
  });

  it('enforces non-negative user balances in SQL itself', async () => {
    const a = await newAccount();
    await expect(t.ctx.db.updateTable('ledger_accounts').set({ balance: -1 }).where('id', '=', a).execute()).rejects.toThrow();
    await expect(sql`update ledger_accounts set balance = balance - 1000000000 where id = ${a}`.execute(t.ctx.db)).rejects.toThrow();
    expect(await balance(a)).toBe(100 * TOKEN);
  });

  it('pays once per idempotency key, refuses a reused key for another transfer, and keeps a failed key usable', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const k = key('retry');
    expect(await run({ from: a, to: b, amount: TOKEN, kind: 'tip', idempotencyKey: k })).toMatchObject({ replayed: false });
    expect(await run({ from: a, to: b, amount: TOKEN, kind: 'tip', idempotencyKey: k })).toMatchObject({ replayed: true });
    expect(await balance(b)).toBe(101 * TOKEN);
    await expect(run({ from: a, to: b, amount: 2 * TOKEN, kind: 'tip', idempotencyKey: k })).rejects.toMatchObject({ statusCode: 409 });

    const late = key('late');
    await expect(run({ from: a, to: b, amount: 150 * TOKEN, kind: 'tip', idempotencyKey: late })).rejects.toMatchObject({ code: 'insufficient_funds' });
    await run({ from: SystemAccount.mint, to: a, amount: 100 * TOKEN, kind: 'grant' });
    expect(await run({ from: a, to: b, amount: 150 * TOKEN, kind: 'tip', idempotencyKey: late })).toMatchObject({ replayed: false });
  });

  it('200 concurrent 1-token transfers from 100 tokens: exactly 100 succeed', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const results = await Promise.all(Array.from({ length: 200 }, () => outcome(run({ from: a, to: b, amount: TOKEN, kind: 'tip' }))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(100);
    expect(results.filter((r) => r === 'insufficient_funds')).toHaveLength(100);
    expect([await balance(a), await balance(b)]).toEqual([0, 200 * TOKEN]);
  });

  it('50 concurrent requests with one idempotency key move money once', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const k = key('same');
    const results = await Promise.all(Array.from({ length: 50 }, () => outcome(run({ from: a, to: b, amount: 5 * TOKEN, kind: 'tip', idempotencyKey: k }))));
    expect(results.every((r) => r === 'ok')).toBe(true);
    expect(await balance(a)).toBe(95 * TOKEN);
  });

  it('opposite transfers at the same time never deadlock', async () => {
    const [a, b] = [await newAccount(), await newAccount()];
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => outcome(run(i % 2 ? { from: a, to: b, amount: TOKEN, kind: 'tip' } : { from: b, to: a, amount: TOKEN, kind: 'tip' }))),
    );
    expect(results.every((r) => r === 'ok')).toBe(true);
    expect((await balance(a)) + (await balance(b))).toBe(200 * TOKEN);
  });

  it('property: random concurrent batches keep balances ≥ 0, the sum at 0, and balances equal to the entries', async () => {
    const accounts = [await newAccount(), await newAccount(), await newAccount(), await newAccount()];
    const parties = [...accounts, SystemAccount.mint];
    const move = fc.record({
      from: fc.constantFrom(...parties),
      to: fc.constantFrom(...parties),
      amount: fc.integer({ min: 1, max: 60 * TOKEN }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(move, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        for (const batch of batches) {
          await Promise.all(batch.filter((m) => m.from !== m.to).map((m) => outcome(run({ ...m, kind: 'prop' }))));
          for (const account of accounts) expect(await balance(account)).toBeGreaterThanOrEqual(0);
          expect(await sumOfAllBalances(t.ctx.db)).toBe(0);
        }
        for (const account of accounts) expect(await balance(account)).toBe(await recomputed(account));
      }),
      { numRuns: dialect === 'postgres' ? 20 : 40 },
    );
  });

  async function recomputed(account: string): Promise<number> {
    const rows = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(['debit_account_id', 'credit_account_id', 'amount'])
      .where((eb) => eb.or([eb('debit_account_id', '=', account), eb('credit_account_id', '=', account)]))
      .execute();
    return rows.reduce((sum, r) => sum + (r.credit_account_id === account ? Number(r.amount) : -Number(r.amount)), 0);
  }
});
