import { type SelectQueryBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type Counter, countLater, countedValue, pendingCount } from '../../db/deferred-counts.ts';
import { dialectOf } from '../../db/dialect.ts';
import { utcDayOf } from '../../db/per-day.ts';
import { firstRow, preparedQuery } from '../../db/prepared-query.ts';
import type { Currency, Database, LedgerAccountKind, LedgerEntriesTable } from '../../db/schema.ts';
import { systemClock } from '../../lib/clock.ts';

// Every reward opens its earner's account if need be: built once.
const insertAccountOnce = preparedQuery(
  (db, id: string, kind: LedgerAccountKind, user_id: string | null, currency: Currency, created_at: string) =>
    db
      .insertInto('ledger_accounts')
      .values({ id, kind, user_id, currency, balance: 0, created_at, pool: 0 })
      .onConflict((oc) => oc.column('id').doNothing()),
);

export async function createAccount(
  db: Executor,
  account: { id: string; kind: LedgerAccountKind; currency: Currency; userId?: string },
): Promise<void> {
  await insertAccountOnce(db, account.id, account.kind, account.userId ?? null, account.currency, systemClock.iso());
}

// The statements of every transfer: built once.
const insertEntry = preparedQuery(
  (
    db,
    id: string,
    idempotency_key: string,
    debit_account_id: string,
    credit_account_id: string,
    amount: number,
    currency: Currency,
    kind: string,
    ref: string | null,
    created_at: string,
  ) =>
    db
      .insertInto('ledger_entries')
      .values({ id, idempotency_key, debit_account_id, credit_account_id, amount, currency, kind, ref, created_at })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id'),
);

/** Inserts the entry unless its idempotency key exists; true when this call inserted it. */
export async function insertEntryOnce(db: Executor, e: LedgerEntriesTable): Promise<boolean> {
  const inserted = await insertEntry(
    db,
    e.id,
    e.idempotency_key,
    e.debit_account_id,
    e.credit_account_id,
    e.amount,
    e.currency,
    e.kind,
    e.ref,
    e.created_at,
  );
  return inserted.rows.length === 1;
}

export function findEntryByKey(db: Executor, idempotencyKey: string) {
  return db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * Subtracts in one conditional UPDATE: the row lock (PostgreSQL) or the single writer (SQLite)
 * makes check-and-debit atomic, so concurrent debits can never overdraw. Only the issuing system
 * accounts (the mint, the gateway) may go below zero; a reward pool is a system account that may
 * not (it pays out only what came in). false = not debited.
 */
export async function debit(db: Executor, accountId: string, currency: Currency, amount: number): Promise<boolean> {
  return Number((await debitQuery(db, accountId, currency, amount)).numAffectedRows) === 1;
}

const debitQuery = preparedQuery((db, accountId: string, currency: Currency, amount: number) =>
  db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance - ${amount}` })
    .where('id', '=', accountId)
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb.and([eb('kind', '=', 'system'), eb('pool', '=', 0)]), eb('balance', '>=', amount)])),
);

export async function credit(db: Executor, accountId: string, currency: Currency, amount: number): Promise<boolean> {
  return Number((await creditQuery(db, accountId, currency, amount)).numAffectedRows) === 1;
}

const creditQuery = preparedQuery((db, accountId: string, currency: Currency, amount: number) =>
  db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', accountId)
    .where('currency', '=', currency),
);

// Every signed-in page shows the balance: built once.
const balanceQuery = preparedQuery((db, accountId: string) =>
  db.selectFrom('ledger_accounts').select('balance').where('id', '=', accountId),
);

export async function getBalance(db: Executor, accountId: string): Promise<number | undefined> {
  const row = firstRow(await balanceQuery(db, accountId));
  return row ? countedValue(db, laterBalances, accountId, row.balance) : undefined;
}

export async function getBalances(db: Executor, accountIds: string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  if (accountIds.length === 1) {
    // a reward reads its one pool: the statement built once
    const balance = await getBalance(db, accountIds[0]!);
    return new Map(balance === undefined ? [] : [[accountIds[0]!, balance]]);
  }
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', accountIds).execute();
  return new Map(rows.map((r) => [r.id, countedValue(db, laterBalances, r.id, r.balance)]));
}

/**
 * Token balance changes applied at the end of the transaction: only for an issuing account (the
 * mint), whose debit can never be refused. Every reward debits it: on PostgreSQL its row would
 * otherwise stay locked from the first reward of a transaction to its commit, queueing every other
 * reward. The change is the credit statement with a negative amount (no overdraft check to pass).
 */
const laterBalances: Counter = {
  name: 'ledger_accounts',
  async apply(db, accountId, n) {
    if (!(await credit(db, accountId, 'TOKEN', n))) throw new Error(`No TOKEN account ${accountId} to debit`);
  },
};

export const debitIssuerLater = (db: Executor, accountId: string, amount: number): Promise<void> =>
  countLater(db, laterBalances, accountId, -amount);

export const findAccount = (db: Executor, accountId: string) =>
  db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'currency', 'balance'])
    .where('id', '=', accountId)
    .executeTakeFirst();

/**
 * Locks the accounts in id order (PostgreSQL row locks; SQLite runs one writer at a time anyway).
 * A transaction that moves money between several accounts takes them all first, in the same order
 * as every other such transaction, so two of them can never wait on each other.
 */
export async function lockAccounts(db: Executor, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0 || dialectOf(db) === 'sqlite') return;
  await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('id', 'in', [...new Set(accountIds)].sort())
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function sumOfAllBalances(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The sum of all balances per currency: each is 0 when the books balance. */
export async function sumOfBalancesByCurrency(db: Executor): Promise<Map<Currency, number>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select((eb) => ['currency', eb.fn.sum<number>('balance').as('total')])
    .groupBy('currency')
    .execute();
  return new Map(rows.map((r) => [r.currency, Number(r.total)]));
}

/** Sum of amounts credited to an account by entries of the given kinds, optionally since a time. */
export async function sumCredited(db: Executor, accountId: string, kinds: string[], since?: string): Promise<number> {
  let q = db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('credit_account_id', '=', accountId)
    .where('kind', 'in', kinds);
  if (since !== undefined) q = q.where('created_at', '>=', since);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Sum credited per kind to one account (optionally since a time): one query for a whole breakdown. */
export async function sumCreditedByKind(db: Executor, accountId: string, since?: string): Promise<Map<string, number>> {
  let q = db
    .selectFrom('ledger_entries')
    .select((eb) => ['kind', eb.fn.sum<number>('amount').as('total')])
    .where('credit_account_id', '=', accountId)
    .groupBy('kind');
  if (since !== undefined) q = q.where('created_at', '>=', since);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.kind, Number(r.total)]));
}

const addToRefTotal = preparedQuery((db, ref: string, kind: string, amount: number) =>
  db
    .insertInto('ledger_ref_totals')
    .values({ ref, kind, total: amount })
    .onConflict((oc) =>
      oc.columns(['ref', 'kind']).doUpdateSet({ total: sql`ledger_ref_totals.total + excluded.total` }),
    ),
);

const refTotalKey = (ref: string | null, kind: string) => `${ref ?? ''}\u0000${kind}`;

/** What entries moved per (ref, kind): every entry adds to it, in the entry's transaction. */
const refTotals: Counter = {
  name: 'ledger_ref_totals',
  async apply(db, key, n) {
    const [ref, kind] = key.split('\u0000') as [string, string];
    await addToRefTotal(db, ref, kind, n);
  },
};

export const countInRefTotals = (db: Executor, entry: Pick<LedgerEntriesTable, 'ref' | 'kind' | 'amount'>) =>
  countLater(db, refTotals, refTotalKey(entry.ref, entry.kind), entry.amount);

// One thing's totals (after every tip, like and view): a few rows, built once.
const refTotalsQuery = preparedQuery((db, ref: string) =>
  db.selectFrom('ledger_ref_totals').select(['kind', 'total']).where('ref', '=', ref),
);

async function totalsOfOneRef(db: Executor, kinds: string[], ref: string): Promise<Map<string, number>> {
  const { rows } = await refTotalsQuery(db, ref);
  const total = rows.reduce((sum, r) => (kinds.includes(r.kind) ? sum + Number(r.total) : sum), 0);
  return new Map(rows.length > 0 ? [[ref, total]] : []);
}

async function totalsOfRefs(db: Executor, kinds: string[], refs: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('ledger_ref_totals')
    .select((eb) => ['ref', eb.fn.sum<number>('total').as('total')])
    .where('kind', 'in', kinds)
    .where('ref', 'in', refs)
    .groupBy('ref')
    .execute();
  return new Map(rows.map((r) => [r.ref, Number(r.total)]));
}

/** Sum moved per ref by entries of the given kinds (from the running totals): one query for a whole page of things. */
export async function sumCreditedByRef(db: Executor, kinds: string[], refs: string[]): Promise<Map<string, number>> {
  if (refs.length === 0) return new Map();
  const totals = refs.length === 1 ? await totalsOfOneRef(db, kinds, refs[0]!) : await totalsOfRefs(db, kinds, refs);
  // what this transaction (and its group) moved and has not added to the totals yet
  for (const ref of refs)
    for (const kind of kinds) {
      const pending = pendingCount(db, refTotals, refTotalKey(ref, kind));
      if (pending !== 0) totals.set(ref, (totals.get(ref) ?? 0) + pending);
    }
  return totals;
}

/** The latest entries of one kind credited to an account, newest first, with the paying user's name. */
export function latestCreditsOfKind(db: Executor, accountId: string, kind: string, limit: number) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as payer', 'payer.id', 'e.debit_account_id')
    .innerJoin('users as u', 'u.id', 'payer.user_id')
    .select(['e.id', 'e.amount', 'e.created_at', 'e.ref', 'u.username as from_username'])
    .where('e.credit_account_id', '=', accountId)
    .where('e.kind', '=', kind)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

/** The ids of the things whose entries to count, as another module's subquery. */
export type RefQuery = SelectQueryBuilder<Database, keyof Database, { id: string }>;

/** Everything ever moved by entries of these kinds, whoever received it; only for `refs` when given (committed totals). */
export async function sumOfKinds(db: Executor, kinds: string[], refs?: RefQuery): Promise<number> {
  let query = db
    .selectFrom('ledger_ref_totals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), sql<number>`0`).as('total'))
    .where('kind', 'in', kinds);
  if (refs) query = query.where('ref', 'in', refs);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The system accounts' balances (the mint's is minus every token ever issued), for the metrics. */
export const systemAccountBalances = (
  db: Executor,
): Promise<Array<{ id: string; currency: Currency; balance: number | string | bigint }>> =>
  db.selectFrom('ledger_accounts').select(['id', 'currency', 'balance']).where('kind', '=', 'system').execute();

/** Which entries a per-day sum counts: into or out of one account, of some kinds, optionally keys that start so. */
export interface PerDayFilter {
  credit?: string;
  debit?: string;
  kinds: string[];
  keyPrefix?: string;
}

/** Entries per UTC day and kind since a time: how many and how much (for the dashboards' charts). */
export async function entriesPerDay(db: Executor, filter: PerDayFilter, since: string) {
  const day = utcDayOf('created_at');
  let q = db
    .selectFrom('ledger_entries')
    .select((eb) => [day.as('day'), 'kind', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
    .where('kind', 'in', filter.kinds)
    .where('created_at', '>=', since)
    .groupBy([day, 'kind']);
  if (filter.credit !== undefined) q = q.where('credit_account_id', '=', filter.credit);
  if (filter.debit !== undefined) q = q.where('debit_account_id', '=', filter.debit);
  if (filter.keyPrefix !== undefined) {
    const prefix = filter.keyPrefix;
    q = q.where(sql<string>`substr(idempotency_key, 1, ${sql.lit(prefix.length)})`, '=', prefix);
  }
  const rows = await q.execute();
  return rows.map((r) => ({ day: r.day, kind: r.kind, count: Number(r.n), total: Number(r.total) }));
}
