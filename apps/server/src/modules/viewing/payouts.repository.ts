import type { PayoutStatus } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PayoutsTable } from './viewing.tables.ts';

/** Payout columns that may leave the repository: never the sealed details. */
const PUBLIC_COLUMNS = [
  'p.id',
  'p.user_id',
  'p.amount',
  'p.method',
  'p.details_masked',
  'p.status',
  'p.note',
  'p.created_at',
  'p.decided_at',
  'u.username',
] as const;
export type PayoutRow = Omit<PayoutsTable, 'details_sealed' | 'decided_by'> & { username: string };

export async function insertPayout(db: Executor, row: PayoutsTable): Promise<void> {
  await db.insertInto('payouts').values(row).execute();
}

export const findPayout = (db: Executor, id: string): Promise<PayoutRow | undefined> =>
  db
    .selectFrom('payouts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(PUBLIC_COLUMNS)
    .where('p.id', '=', id)
    .executeTakeFirst();

export function listPayouts(
  db: Executor,
  filter: { userId?: string; status?: PayoutStatus },
  limit = 200,
): Promise<PayoutRow[]> {
  let q = db.selectFrom('payouts as p').innerJoin('users as u', 'u.id', 'p.user_id').select(PUBLIC_COLUMNS);
  if (filter.userId) q = q.where('p.user_id', '=', filter.userId);
  if (filter.status) q = q.where('p.status', '=', filter.status);
  return q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
}

/** Moves a pending payout to paid or rejected; true only for the one call that did it. */
export async function decidePayout(
  db: Executor,
  id: string,
  change: { status: 'paid' | 'rejected'; note: string | null; decided_at: string; decided_by: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payouts')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Paise per status for one user. */
export async function payoutTotals(db: Executor, userId: string): Promise<Map<PayoutStatus, number>> {
  const rows = await db
    .selectFrom('payouts')
    .select((eb) => ['status', eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.total)]));
}

/** The sealed details, for the operator's payout tool only. */
export const findSealedPayout = (db: Executor, id: string) =>
  db
    .selectFrom('payouts')
    .select(['id', 'user_id', 'amount', 'method', 'status', 'details_sealed'])
    .where('id', '=', id)
    .executeTakeFirst();
