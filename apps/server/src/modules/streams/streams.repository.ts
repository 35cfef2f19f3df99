import type { StreamCategory } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { StreamsTable } from './streams.tables.ts';

/** A stream row with its creator's public fields, as every read returns it. */
export type StreamRow = StreamsTable & { creator_username: string; creator_wallet: string | null };

const withCreator = (db: Executor) =>
  db
    .selectFrom('streams')
    .innerJoin('users', 'users.id', 'streams.creator_id')
    .selectAll('streams')
    .select(['users.username as creator_username', 'users.wallet_address as creator_wallet']);

export const findStream = (db: Executor, id: string): Promise<StreamRow | undefined> =>
  withCreator(db).where('streams.id', '=', id).executeTakeFirst();

export const findStreamByKeyHash = (db: Executor, keyHash: string): Promise<StreamRow | undefined> =>
  withCreator(db).where('streams.key_hash', '=', keyHash).executeTakeFirst();

export interface StreamFilter {
  status: 'live' | 'ended' | 'all';
  category?: StreamCategory | undefined;
  creatorId?: string | undefined;
  limit: number;
  offset: number;
}

/** Live means on air or briefly interrupted; a stream that was created but never started is not listed. */
export function listStreams(db: Executor, filter: StreamFilter): Promise<StreamRow[]> {
  let q = withCreator(db);
  if (filter.status === 'live') q = q.where('streams.status', 'in', ['live', 'interrupted']);
  else if (filter.status === 'ended')
    q = q.where('streams.status', '=', 'ended').where('streams.started_at', 'is not', null);
  else q = q.where('streams.started_at', 'is not', null);
  if (filter.category) q = q.where('streams.category', '=', filter.category);
  if (filter.creatorId) q = q.where('streams.creator_id', '=', filter.creatorId);
  const order = filter.status === 'live' ? 'streams.viewers_count' : 'streams.started_at';
  return q
    .orderBy(order, 'desc')
    .orderBy('streams.created_at', 'desc')
    .orderBy('streams.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export const listOwnStreams = (db: Executor, creatorId: string, limit: number): Promise<StreamRow[]> =>
  withCreator(db)
    .where('streams.creator_id', '=', creatorId)
    .orderBy('streams.created_at', 'desc')
    .orderBy('streams.id', 'desc')
    .limit(limit)
    .execute();

/** Streams whose ingest dropped before `before` and never came back. */
export const listInterruptedSince = (db: Executor, before: string) =>
  db
    .selectFrom('streams')
    .select(['id', 'interrupted_at'])
    .where('status', '=', 'interrupted')
    .where('interrupted_at', '<=', before)
    .execute();

/** Live streams that received video once but have heard nothing since `before` (their ingest node died). */
export const listSilentSince = (db: Executor, before: string) =>
  db
    .selectFrom('streams')
    .select(['id', 'last_ingest_at'])
    .where('status', '=', 'live')
    .where('last_ingest_at', 'is not', null)
    .where('last_ingest_at', '<=', before)
    .execute();

/** Directory totals: streams on air and their viewers, streams ever started, and what all streams earned. */
export async function directoryTotals(
  db: Executor,
  earningKinds: string[],
): Promise<{ live: number; viewers: number; started: number; earned: number }> {
  const row = await db
    .selectFrom('streams')
    .select((eb) => [
      eb.fn.count<number>('id').filterWhere('status', 'in', ['live', 'interrupted']).as('live'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>('viewers_count').filterWhere('status', 'in', ['live', 'interrupted']),
          sql<number>`0`,
        )
        .as('viewers'),
      eb.fn.count<number>('id').filterWhere('started_at', 'is not', null).as('started'),
    ])
    .executeTakeFirstOrThrow();
  const earned = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('kind', 'in', earningKinds)
    .where('ref', 'in', (eb) => eb.selectFrom('streams').select('id'))
    .executeTakeFirstOrThrow();
  return {
    live: Number(row.live),
    viewers: Number(row.viewers),
    started: Number(row.started),
    earned: Number(earned.total),
  };
}
