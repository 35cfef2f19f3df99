import { MICRO_PER_TOKEN as TOKEN } from '@app/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';
import { sumOfAllBalances, sumOfBalancesByCurrency } from './ledger.repository.ts';
import {
  LedgerError,
  SystemAccount,
  balanceOf,
  openAccount,
  transfer,
  userAccountId,
  type TransferInput,
} from './ledger.service.ts';
import { RupeeAccount } from './rupee-accounts.ts';

type Move = Pick<TransferInput, 'from' | 'to' | 'amount'>;
type Balances = Map<string, number>;

let keySeq = 0;
const key = (label: string) => `${label}-${++keySeq}-${Math.random().toString(36).slice(2)}`;
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const count = <T>(xs: T[], x: T) => xs.filter((y) => y === x).length;

/** Moves a plain map's balances as the ledger should (no checks): what successful transfers add up to. */
function book(balances: Balances, m: Move): void {
  balances.set(m.from, balances.get(m.from)! - m.amount);
  balances.set(m.to, balances.get(m.to)! + m.amount);
}

/** The reference model: what a single transfer must do, given the balances before it. */
function predict(balances: Balances, m: Move): 'ok' | 'insufficient_funds' {
  if (m.from !== SystemAccount.mint && balances.get(m.from)! < m.amount) return 'insufficient_funds';
  book(balances, m);
  return 'ok';
}

/** Two different parties and an amount: small ones, and ones large enough to overdraw often. */
const moveArb = (parties: string[]) =>
  fc
    .record({
      pair: fc.uniqueArray(fc.constantFrom(...parties), { minLength: 2, maxLength: 2 }),
      amount: fc.oneof(fc.integer({ min: 1, max: TOKEN }), fc.integer({ min: 1, max: 150 * TOKEN })),
    })
    .map(({ pair, amount }): Move => ({ from: pair[0]!, to: pair[1]!, amount }));

describe.each(testDialects)('ledger on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  // Whatever a test did, the books must still balance afterwards.
  afterEach(() => expectConsistentBooks());

  const run = (input: Move & Partial<TransferInput>) =>
    t.ctx.db.transaction().execute((trx) => transfer({ kind: 'test', idempotencyKey: key('t'), ...input }, trx));
  /** 'ok' or the AppError code, so concurrent results can be counted; anything else is kept verbatim. */
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (err: unknown) => (err instanceof AppError ? err.code : String(err)),
    );
  const balance = (account: string) => balanceOf(t.ctx.db, account);
  const balances = async (accounts: string[]): Promise<Balances> =>
    new Map(await Promise.all(accounts.map(async (a) => [a, await balance(a)] as const)));
  const newAccounts = async (n: number) => {
    const accounts: string[] = [];
    for (let i = 0; i < n; i++) accounts.push(userAccountId((await signUpByEmail(t.app)).user.id));
    return accounts;
  };
  const entriesWhere = async (column: 'idempotency_key' | 'debit_account_id' | null, value = '') => {
    let q = t.ctx.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n'));
    if (column) q = q.where(column, '=', value);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  /**
   * Every user ≥ 0, every stored balance = credits − debits over ledger_entries, every entry within
   * one currency, and the sum is 0 in each currency.
   */
  async function expectConsistentBooks(): Promise<void> {
    const accounts = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'balance', 'currency'])
      .execute();
    const mixed = await t.ctx.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
      .select('e.id')
      .where((eb) =>
        eb.or([eb('d.currency', '<>', eb.ref('e.currency')), eb('c.currency', '<>', eb.ref('e.currency'))]),
      )
      .execute();
    expect(mixed).toEqual([]);
    for (const [currency, total] of await sumOfBalancesByCurrency(t.ctx.db)) expect(total, currency).toBe(0);
    const derived: Balances = new Map();
    for (const [side, sign] of [
      ['debit_account_id', -1],
      ['credit_account_id', 1],
    ] as const) {
      const rows = await t.ctx.db
        .selectFrom('ledger_entries')
        .select((eb) => [eb.ref(side).as('account'), eb.fn.sum<string>('amount').as('total')])
        .groupBy(side)
        .execute();
      for (const r of rows) derived.set(r.account, (derived.get(r.account) ?? 0) + sign * Number(r.total));
    }
    for (const a of accounts) {
      if (a.kind === 'user') expect(Number(a.balance), a.id).toBeGreaterThanOrEqual(0);
      expect(Number(a.balance), a.id).toBe(derived.get(a.id) ?? 0);
    }
    expect(await sumOfAllBalances(t.ctx.db)).toBe(0);
    // the running totals per (ref, kind) are what the entries add up to
    const fromEntries = await t.ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => [
        eb.fn.coalesce('ref', sql<string>`''`).as('ref'),
        'kind',
        eb.fn.sum<string>('amount').as('total'),
      ])
      .groupBy([sql`coalesce(ref, '')`, 'kind'])
      .execute();
    const totals = await t.ctx.db.selectFrom('ledger_ref_totals').selectAll().execute();
    const byKey = (rows: { ref: string; kind: string; total: number | string }[]) =>
      Object.fromEntries(rows.map((r) => [`${r.ref}|${r.kind}`, Number(r.total)]));
    expect(byKey(totals)).toEqual(byKey(fromEntries));
  }

  it('gives every new user exactly 100 tokens from the mint, shown by the profile', async () => {
    const mintBefore = await balance(SystemAccount.mint);
    for (const auth of [await signUpByEmail(t.app), await signInWithWallet(t.app)]) {
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(auth.access_token),
      });
      expect(profile.json()).toMatchObject({ total_tokens: 100 });
      expect(await balance(userAccountId(auth.user.id))).toBe(100 * TOKEN);
    }
    expect(await balance(SystemAccount.mint)).toBe(mintBefore - 200 * TOKEN);
    expect(await sumOfAllBalances(t.ctx.db)).toBe(0);
  });

  it('moves exact integer amounts: ten transfers of 0.1 token are exactly 1 token', async () => {
    const [a, b] = await newAccounts(2);
    for (let i = 0; i < 10; i++) await run({ from: a!, to: b!, amount: TOKEN / 10 });
    expect([await balance(a!), await balance(b!), await entriesWhere('debit_account_id', a)]).toEqual([
      99 * TOKEN,
      101 * TOKEN,
      10,
    ]);
  });

  it('refuses an overdraft by one micro-token, changing nothing, and allows spending to exactly zero', async () => {
    const [a, b] = await newAccounts(2);
    const entries = await entriesWhere(null);
    const overdraft = run({ from: a!, to: b!, amount: 100 * TOKEN + 1 });
    await expect(overdraft).rejects.toBeInstanceOf(AppError);
    await expect(overdraft).rejects.toMatchObject({ statusCode: 400, code: 'insufficient_funds' });
    expect([await balance(a!), await balance(b!), await entriesWhere(null)]).toEqual([
      100 * TOKEN,
      100 * TOKEN,
      entries,
    ]);

    await run({ from: a!, to: b!, amount: 100 * TOKEN });
    expect([await balance(a!), await balance(b!)]).toEqual([0, 200 * TOKEN]);
  });

  it('enforces non-negative user balances in SQL itself (CHECK constraint), not only in code', async () => {
    const [a] = await newAccounts(1);
    const checkViolation = /check constraint/i;
    await expect(
      t.ctx.db.updateTable('ledger_accounts').set({ balance: -1 }).where('id', '=', a!).execute(),
    ).rejects.toThrow(checkViolation);
    await expect(
      sql`update ledger_accounts set balance = balance - ${100 * TOKEN + 1} where id = ${a}`.execute(t.ctx.db),
    ).rejects.toThrow(checkViolation);
    expect(await balance(a!)).toBe(100 * TOKEN);
  });

  it('pays once per idempotency key and replays the first result', async () => {
    const [a, b] = await newAccounts(2);
    const move = { from: a!, to: b!, amount: TOKEN, ref: 'video-1', idempotencyKey: key('once') };
    const first = await run(move);
    expect(first.replayed).toBe(false);
    expect(await run(move)).toEqual({ entryId: first.entryId, replayed: true });
    expect([await balance(a!), await balance(b!), await entriesWhere('idempotency_key', move.idempotencyKey)]).toEqual([
      99 * TOKEN,
      101 * TOKEN,
      1,
    ]);
  });

  it.each([['from'], ['to'], ['amount'], ['kind'], ['ref']] as const)(
    'refuses a used key for a transfer with another %s (409)',
    async (field) => {
      const [a, b, c] = await newAccounts(3);
      const move = { from: a!, to: b!, amount: TOKEN, kind: 'tip', ref: 'video-1', idempotencyKey: key('reuse') };
      await run(move);
      const changed = { from: c!, to: c!, amount: 2 * TOKEN, kind: 'like_reward', ref: 'video-2' }[field];
      await expect(run({ ...move, [field]: changed })).rejects.toMatchObject({
        statusCode: 409,
        code: 'idempotency_mismatch',
      });
      expect([await balance(a!), await balance(b!), await balance(c!)]).toEqual([99 * TOKEN, 101 * TOKEN, 100 * TOKEN]);
    },
  );

  it('does not burn the key of a failed transfer: the retry succeeds once funded', async () => {
    const [a, b] = await newAccounts(2);
    const retry = { from: a!, to: b!, amount: 150 * TOKEN, idempotencyKey: key('retry') };
    await expect(run(retry)).rejects.toMatchObject({ code: 'insufficient_funds' });
    await run({ from: SystemAccount.mint, to: a!, amount: 50 * TOKEN });
    expect(await run(retry)).toMatchObject({ replayed: false });
    expect([await balance(a!), await balance(b!)]).toEqual([0, 250 * TOKEN]);
  });

  it('200 concurrent 1-token transfers out of exactly 100 tokens: 100 succeed, 100 are refused', async () => {
    // The payer's id sorts first, so each transaction debits before it locks the payee's row:
    // the order in which a check-then-debit race would show.
    const [a, b] = (await newAccounts(2)).sort();
    const results = await Promise.all(times(200, () => outcome(run({ from: a!, to: b!, amount: TOKEN }))));
    expect([count(results, 'ok'), count(results, 'insufficient_funds')]).toEqual([100, 100]);
    expect([await balance(a!), await balance(b!), await entriesWhere('debit_account_id', a)]).toEqual([
      0,
      200 * TOKEN,
      100,
    ]);
  });

  it('50 concurrent transfers with the same idempotency key move the money once', async () => {
    const [a, b] = await newAccounts(2);
    const move = { from: a!, to: b!, amount: 5 * TOKEN, idempotencyKey: key('same') };
    const results = await Promise.all(times(50, () => run(move)));
    expect([
      count(
        results.map((r) => r.replayed),
        false,
      ),
      new Set(results.map((r) => r.entryId)).size,
    ]).toEqual([1, 1]);
    expect([await balance(a!), await balance(b!), await entriesWhere('idempotency_key', move.idempotencyKey)]).toEqual([
      95 * TOKEN,
      105 * TOKEN,
      1,
    ]);
  });

  it('opposite transfers at the same time never deadlock', async () => {
    const [a, b] = await newAccounts(2);
    const results = await Promise.all(
      times(200, (i) =>
        outcome(run(i % 2 ? { from: a!, to: b!, amount: TOKEN } : { from: b!, to: a!, amount: TOKEN })),
      ),
    );
    expect(results.filter((r) => r !== 'ok')).toEqual([]);
    expect([await balance(a!), await balance(b!)]).toEqual([100 * TOKEN, 100 * TOKEN]);
  });

  it('property: one transfer after another does exactly what the model predicts', async () => {
    const parties = [...(await newAccounts(4)), SystemAccount.mint];
    await fc.assert(
      fc.asyncProperty(fc.array(moveArb(parties), { minLength: 1, maxLength: 12 }), async (moves) => {
        const model = await balances(parties);
        for (const m of moves) expect(await outcome(run(m))).toBe(predict(model, m));
        expect(await balances(parties)).toEqual(model);
      }),
      { numRuns: 30 },
    );
  });

  it('property: concurrent batches in random order keep every invariant after every batch', async () => {
    const parties = [...(await newAccounts(4)), SystemAccount.mint];
    const batches = fc.array(fc.array(moveArb(parties), { minLength: 2, maxLength: 10 }), {
      minLength: 1,
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), batches, async (s, batchList) => {
        for (const batch of batchList) {
          const model = await balances(parties);
          // each transfer is its own transaction; the scheduler picks the order in which they start
          const pending = batch.map((m) => s.schedule(Promise.resolve(m)).then((move) => outcome(run(move))));
          await s.waitNext(batch.length);
          const results = await Promise.all(pending);
          expect(results.filter((r) => r !== 'ok' && r !== 'insufficient_funds')).toEqual([]);
          batch.forEach((m, i) => results[i] === 'ok' && book(model, m));
          expect(await balances(parties)).toEqual(model);
          await expectConsistentBooks();
        }
      }),
      { numRuns: 30 },
    );
  });

  describe('rupees beside tokens', () => {
    const rupees = async (n: number) => {
      const ids = times(n, () => `inr:test:${key('acct')}`);
      for (const id of ids) await openAccount(t.ctx.db, id, 'INR');
      await t.ctx.db.transaction().execute((trx) =>
        Promise.all(
          ids.map((id) =>
            transfer(
              {
                from: RupeeAccount.gateway,
                to: id,
                amount: 100_000,
                currency: 'INR',
                kind: 'test_deposit',
                idempotencyKey: key('dep'),
              },
              trx,
            ),
          ),
        ),
      );
      return ids;
    };
    const runInr = (input: Move & Partial<TransferInput>) => run({ currency: 'INR', ...input });

    it('moves paise between rupee accounts, and each currency still sums to zero', async () => {
      const [a, b] = await rupees(2);
      await runInr({ from: a!, to: b!, amount: 1 });
      expect([await balance(a!), await balance(b!)]).toEqual([99_999, 100_001]);
      const sums = await sumOfBalancesByCurrency(t.ctx.db);
      expect([sums.get('TOKEN'), sums.get('INR')]).toEqual([0, 0]);
    });

    it('refuses every transfer across currencies, in either direction and whatever the declared currency, changing nothing', async () => {
      const [tokenAccount] = await newAccounts(1);
      const [rupeeAccount] = await rupees(1);
      const entries = await entriesWhere(null);
      for (const attempt of [
        { from: tokenAccount!, to: rupeeAccount!, currency: 'TOKEN' as const },
        { from: tokenAccount!, to: rupeeAccount!, currency: 'INR' as const },
        { from: rupeeAccount!, to: tokenAccount!, currency: 'INR' as const },
        { from: rupeeAccount!, to: tokenAccount!, currency: 'TOKEN' as const },
        { from: SystemAccount.mint, to: rupeeAccount!, currency: 'TOKEN' as const },
        { from: RupeeAccount.gateway, to: tokenAccount!, currency: 'INR' as const },
      ]) {
        await expect(run({ ...attempt, amount: 10 })).rejects.toBeInstanceOf(LedgerError);
      }
      expect([await balance(tokenAccount!), await balance(rupeeAccount!), await entriesWhere(null)]).toEqual([
        100 * TOKEN,
        100_000,
        entries,
      ]);
    });

    it('keeps rupee holder accounts at or above zero, in code and in SQL', async () => {
      const [a, b] = await rupees(2);
      await expect(runInr({ from: a!, to: b!, amount: 100_001 })).rejects.toMatchObject({
        code: 'insufficient_funds',
        detail: 'Insufficient balance',
      });
      await expect(
        t.ctx.db.updateTable('ledger_accounts').set({ balance: -1 }).where('id', '=', a!).execute(),
      ).rejects.toThrow(/check constraint/i);
      expect(await balance(a!)).toBe(100_000);
    });

    it('refuses a replayed key with another currency (409)', async () => {
      const [a, b] = await newAccounts(2);
      const move = { from: a!, to: b!, amount: 5, idempotencyKey: key('cur') };
      await run(move);
      await expect(run({ ...move, currency: 'INR' })).rejects.toMatchObject({ statusCode: 409 });
    });

    it('refuses an unknown currency in SQL', async () => {
      await expect(
        sql`insert into ledger_accounts (id, kind, currency, balance, created_at) values ('x:usd', 'user', 'USD', 0, '2026-01-01')`.execute(
          t.ctx.db,
        ),
      ).rejects.toThrow(/check constraint/i);
    });

    it('200 concurrent ₹1 debits out of ₹1,000: exactly 100 succeed', async () => {
      const [a, b] = (await rupees(2)).sort();
      const results = await Promise.all(times(200, () => outcome(runInr({ from: a!, to: b!, amount: 1_000 }))));
      expect([count(results, 'ok'), count(results, 'insufficient_funds')]).toEqual([100, 100]);
      expect([await balance(a!), await balance(b!)]).toEqual([0, 200_000]);
    });
  });
});
