import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The ledger's invariants, read straight from a server's database. */
export interface LedgerAudit {
  /** the sum of all balances per currency: every transfer is one debit and one equal credit, so each is 0 */
  sums: Map<string, bigint>;
  /** user-held accounts and reward pools below zero: SQL's CHECK and the conditional debit allow none */
  negative: { id: string; balance: bigint }[];
  /** accounts whose balance is not what their entries add up to: a transfer applied in part */
  drifted: { id: string; balance: bigint; entries: bigint }[];
}

// SQLite answers integers, PostgreSQL a bigint's sum as numeric text: both read exactly as bigint.
const exact = (v: unknown): bigint => BigInt(String(v ?? 0));

export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const sums = await sql<{ currency: string; total: unknown }>`
    select currency, sum(balance) as total from ledger_accounts group by currency`.execute(db);
  const negative = await sql<{ id: string; balance: unknown }>`
    select id, balance from ledger_accounts where balance < 0 and (kind = 'user' or pool = 1)`.execute(db);
  const drifted = await sql<{ id: string; balance: unknown; entries: unknown }>`
    select a.id, a.balance, coalesce(c.total, 0) - coalesce(d.total, 0) as entries
    from ledger_accounts a
    left join (select credit_account_id as id, sum(amount) as total from ledger_entries group by credit_account_id) c
      on c.id = a.id
    left join (select debit_account_id as id, sum(amount) as total from ledger_entries group by debit_account_id) d
      on d.id = a.id
    where a.balance <> coalesce(c.total, 0) - coalesce(d.total, 0)`.execute(db);
  return {
    sums: new Map(sums.rows.map((r) => [r.currency, exact(r.total)])),
    negative: negative.rows.map((r) => ({ id: r.id, balance: exact(r.balance) })),
    drifted: drifted.rows.map((r) => ({ id: r.id, balance: exact(r.balance), entries: exact(r.entries) })),
  };
}

/** Each broken invariant as a sentence; none when the ledger is sound. */
export function ledgerProblems(audit: LedgerAudit): string[] {
  const problems: string[] = [];
  for (const [currency, sum] of audit.sums) if (sum !== 0n) problems.push(`${currency} balances sum to ${sum}, not 0`);
  for (const { id, balance } of audit.negative) problems.push(`${id} is negative: ${balance}`);
  for (const { id, balance, entries } of audit.drifted)
    problems.push(`${id} holds ${balance} but its entries add up to ${entries}`);
  return problems;
}

/** The idempotency keys of every entry of one kind (e.g. `video_tip`), as the ledger stored them. */
export async function entryKeys(db: Db, kind: string): Promise<Set<string>> {
  const rows = await db.selectFrom('ledger_entries').select('idempotency_key').where('kind', '=', kind).execute();
  return new Set(rows.map((r) => r.idempotency_key));
}

/** Every account's balance, to compare before and after something that must move no money. */
export async function balances(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'balance']).execute();
  return new Map(rows.map((r) => [r.id, Number(r.balance)]));
}
