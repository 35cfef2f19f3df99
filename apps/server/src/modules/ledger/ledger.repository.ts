import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { LedgerEntriesTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

export async function createUserAccount(db: Executor, accountId: string, userId: string): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({ id: accountId, kind: 'user', user_id: userId, balance: 0, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Inserts the entry unless its idempotency key exists; true when this call inserted it. */
export async function insertEntryOnce(db: Executor, entry: LedgerEntriesTable): Promise<boolean> {
  const inserted = await db
    .insertInto('ledger_entries')
    .values(entry)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findEntryByKey(db: Executor, idempotencyKey: string) {
  return db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * Subtracts in one conditional UPDATE: the row lock (PostgreSQL) or the single writer (SQLite)
 * makes check-and-debit atomic, so concurrent debits can never overdraw. false = not debited.
 */
export async function debit(db: Executor, accountId: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance - ${amount}` })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('kind', '=', 'system'), eb('balance', '>=', amount)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function credit(db: Executor, accountId: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function getBalance(db: Executor, accountId: string): Promise<number | undefined> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', accountId).executeTakeFirst();
  return row ? Number(row.balance) : undefined;
}

export async function sumOfAllBalances(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
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

/** Sum credited per ref by entries of the given kinds: one query for a whole page of things. */
export async function sumCreditedByRef(db: Executor, kinds: string[], refs: string[]): Promise<Map<string, number>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['ref', eb.fn.sum<number>('amount').as('total')])
    .where('kind', 'in', kinds)
    .where('ref', 'in', refs)
    .groupBy('ref')
    .execute();
  return new Map(rows.map((r) => [r.ref as string, Number(r.total)]));
}
