import type { StreamCategory } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { StreamsTable } from './streams.tables.ts';
import { firstRow, preparedQuery } from '../../db/prepared-query.ts';

/** A stream row with its creator's public fields, as every read returns it. */
export type StreamRow = StreamsTable & { creator_username: string; creator_wallet: string | null };

const withCreator = (db: Executor) =>
  db
    .selectFrom('streams')
    .innerJoin('users', 'users.id', 'streams.creator_id')
    .selectAll('streams')
    .select(['users.username as creator_username', 'users.wallet_address as creator_wallet']);

// Every chat message and stream page starts here: built once.
const streamById = preparedQuery((db, id: string) => withCreator(db).where('streams.id', '=', id));

export const findStream = async (db: Executor, id: string): Promise<StreamRow | undefined> =>
  firstRow(await streamById(db, id));

export const findStreamByKeyHash = (db: Executor, keyHash: string): Promise<StreamRow | undefined> =>
  withCreator(db).where('streams.key_hash', '=', keyHash).executeTakeFirst();

export interface StreamFilter {
  status: 'live' | 'ended' | 'all' | 'scheduled';
  /** scheduled streams due before this are left out (ISO) */
  scheduledAfter: string;
  category?: StreamCategory | undefined;
  creatorId?: string | undefined;
  limit: number;
  offset: number;
}

/** A created stream with a planned start on or after `after`: upcoming. */
const upcoming = (db: Executor, after: string) =>
  withCreator(db).where('streams.status', '=', 'created').where('streams.scheduled_for', '>=', after);

/**
 * Live means on air or briefly interrupted; a stream that was created but never started is not
 * listed unless it is scheduled (and then soonest first).
 */
export function listStreams(db: Executor, filter: StreamFilter): Promise<StreamRow[]> {
  let q = withCreator(db);
  if (filter.status === 'scheduled') {
    q = upcoming(db, filter.scheduledAfter);
    if (filter.category) q = q.where('streams.category', '=', filter.category);
    if (filter.creatorId) q = q.where('streams.creator_id', '=', filter.creatorId);
    return q
      .orderBy('streams.scheduled_for', 'asc')
      .orderBy('streams.id', 'asc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }
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

/**
 * A creator's streams for their profile: `past` those that went on air, newest first; `scheduled`
 * the ones planned, soonest first, from `scheduledAfter` on (null: also those whose time is long past,
 * which only their creator sees).
 */
export function listCreatorStreams(
  db: Executor,
  creatorId: string,
  page: { status: 'past' | 'scheduled'; scheduledAfter: string | null; limit: number; offset: number },
): Promise<StreamRow[]> {
  let q = withCreator(db).where('streams.creator_id', '=', creatorId);
  if (page.status === 'past') q = q.where('streams.started_at', 'is not', null).orderBy('streams.started_at', 'desc');
  else {
    q = q
      .where('streams.status', '=', 'created')
      .where('streams.scheduled_for', 'is not', null)
      .orderBy('streams.scheduled_for', 'asc');
    if (page.scheduledAfter) q = q.where('streams.scheduled_for', '>=', page.scheduledAfter);
  }
  return q.orderBy('streams.id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/**
 * Holds the creator's user row until the transaction ends (PostgreSQL; SQLite runs one writer at a
 * time anyway), so two schedule requests of one creator count and insert one after the other.
 */
export async function lockCreator(db: Executor, creatorId: string): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await db.selectFrom('users').select('id').where('id', '=', creatorId).forUpdate().execute();
}

/** How many streams the creator has scheduled from `after` on. */
export async function countUpcomingBy(db: Executor, creatorId: string, after: string): Promise<number> {
  const row = await db
    .selectFrom('streams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creator_id', '=', creatorId)
    .where('status', '=', 'created')
    .where('scheduled_for', '>=', after)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The creator's scheduled stream due soonest within [from, to], if any. */
export const findDueScheduled = (db: Executor, creatorId: string, from: string, to: string) =>
  upcoming(db, from)
    .where('streams.creator_id', '=', creatorId)
    .where('streams.scheduled_for', '<=', to)
    .orderBy('streams.scheduled_for', 'asc')
    .executeTakeFirst();

/**
 * New details (and, when given, a new key) for a stream still scheduled, in one conditional
 * statement: a stream that went live meanwhile is left alone. true when changed.
 */
export async function updateScheduled(
  db: Executor,
  id: string,
  fields: Partial<
    Pick<StreamsTable, 'title' | 'description' | 'category' | 'tags' | 'scheduled_for' | 'key_hash' | 'key_sealed'>
  >,
  at: string,
): Promise<boolean> {
  const changed = await db
    .updateTable('streams')
    .set({ ...fields, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('scheduled_for', 'is not', null)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

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

/** Directory totals: streams on air and their viewers, and streams ever started. */
export async function directoryTotals(db: Executor): Promise<{ live: number; viewers: number; started: number }> {
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
  return {
    live: Number(row.live),
    viewers: Number(row.viewers),
    started: Number(row.started),
  };
}

/** How many of a creator's streams ever went on air. */
export async function countStartedBy(db: Executor, creatorId: string): Promise<number> {
  const row = await db
    .selectFrom('streams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creator_id', '=', creatorId)
    .where('started_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes a stream (and anything said in its chat) only while it has never been on air, in one
 * conditional statement: a stream that goes live at the same moment is kept. true when deleted.
 */
export async function deleteNeverLive(db: Executor, id: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('streams')
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('started_at', 'is', null)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) return false;
  await db.deleteFrom('stream_chat_messages').where('stream_id', '=', id).execute();
  return true;
}

export async function insertStream(db: Executor, row: StreamsTable): Promise<void> {
  await db.insertInto('streams').values(row).execute();
}

export async function updateStreamKey(
  db: Executor,
  id: string,
  key: { key_hash: string; key_sealed: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('streams')
    .set({ ...key, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** On air from `created` or `interrupted`: true if this call changed it. */
export async function setLive(db: Executor, id: string, startedAt: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable('streams')
    .set({ status: 'live', started_at: startedAt, interrupted_at: null, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['created', 'interrupted'])
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

/** Ends a stream unless it has ended already: true for the one call that ended it. */
export async function setEnded(db: Executor, id: string, endedAt: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable('streams')
    .set({ status: 'ended', ended_at: endedAt, updated_at: at })
    .where('id', '=', id)
    .where('status', '<>', 'ended')
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

export async function setLastIngest(
  db: Executor,
  id: string,
  fields: { live_path?: string; thumbnail_cid?: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('streams')
    .set({ ...fields, last_ingest_at: at })
    .where('id', '=', id)
    .execute();
}

export async function setInterrupted(db: Executor, id: string, at: string): Promise<void> {
  await db
    .updateTable('streams')
    .set({ status: 'interrupted', interrupted_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'live')
    .execute();
}

/** The current viewer count, and the peak when this count is above it. */
export async function setViewers(db: Executor, id: string, count: number): Promise<void> {
  await db.updateTable('streams').set({ viewers_count: count }).where('id', '=', id).execute();
  await db
    .updateTable('streams')
    .set({ max_viewers: count })
    .where('id', '=', id)
    .where('max_viewers', '<', count)
    .execute();
}

export async function setRecording(
  db: Executor,
  id: string,
  recording: { cid: string; durationMs: number },
  at: string,
): Promise<void> {
  await db
    .updateTable('streams')
    .set({ recording_cid: recording.cid, recording_duration_ms: recording.durationMs, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** The replay is rendered: its playlist, and the thumbnail made from it. */
export async function setReplay(
  db: Executor,
  id: string,
  replay: { hlsPath: string; thumbnailCid: string; thumbnailSizes: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('streams')
    .set({
      replay_path: replay.hlsPath,
      thumbnail_cid: replay.thumbnailCid,
      thumbnail_sizes: replay.thumbnailSizes,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** Streams on air now (for the metrics). */
export async function countLiveStreams(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('streams')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'live')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
