import type { NotificationKind } from '@app/shared';
import type { Executor } from '../../db/database.ts';
import { firstRow, preparedQuery } from '../../db/prepared-query.ts';
import type { NotificationsTable } from './notifications.tables.ts';

export type NotificationRow = Omit<NotificationsTable, 'id'> & { id: number };

interface NewRow {
  kind: NotificationKind;
  payload: string;
  created_at: string;
  once_key: string | null;
}

const insertOne = preparedQuery(
  (db, user_id: string, kind: NotificationKind, payload: string, created_at: string, once_key: string | null) =>
    db
      .insertInto('notifications')
      .columns(['user_id', 'kind', 'payload', 'created_at', 'once_key'])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(user_id).as('user_id'),
            eb.val(kind).as('kind'),
            eb.val(payload).as('payload'),
            eb.val(created_at).as('created_at'),
            eb.val(once_key).as('once_key'),
          ])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('notification_mutes').select('kind').where('user_id', '=', user_id).where('kind', '=', kind),
              ),
            ),
          ),
      )
      .onConflict((oc) => oc.columns(['user_id', 'once_key']).where('once_key', 'is not', null).doNothing())
      .returningAll(),
);

/**
 * Adds one notification unless its owner has turned its kind off, or already heard of this
 * `once_key`; the row written, or undefined. Built once: a tip writes one inside its transaction.
 */
export async function insertNotification(
  db: Executor,
  row: NewRow & { user_id: string },
): Promise<NotificationRow | undefined> {
  return firstRow(await insertOne(db, row.user_id, row.kind, row.payload, row.created_at, row.once_key));
}

/**
 * One notification for every follower of a creator who has not turned the kind off, in one
 * INSERT … SELECT; returns the rows written.
 */
export async function insertForFollowers(db: Executor, creatorId: string, row: NewRow): Promise<NotificationRow[]> {
  return db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'payload', 'created_at', 'once_key'])
    .expression((eb) =>
      eb
        .selectFrom('follows as f')
        .select([
          'f.follower_id',
          eb.val(row.kind).as('kind'),
          eb.val(row.payload).as('payload'),
          eb.val(row.created_at).as('created_at'),
          eb.val(row.once_key).as('once_key'),
        ])
        .where('f.creator_id', '=', creatorId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notification_mutes as m')
                .select('m.kind')
                .whereRef('m.user_id', '=', 'f.follower_id')
                .where('m.kind', '=', row.kind),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['user_id', 'once_key']).where('once_key', 'is not', null).doNothing())
    .returningAll()
    .execute();
}

/** A user's notifications, newest first. */
export async function listNotifications(
  db: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks read the named notifications that belong to the user (others' ids change nothing), or all of theirs. */
export async function markRead(db: Executor, userId: string, ids: number[] | 'all', at: string): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  await query.execute();
}

export async function mutedKinds(db: Executor, userId: string): Promise<NotificationKind[]> {
  const rows = await db
    .selectFrom('notification_mutes')
    .select('kind')
    .where('user_id', '=', userId)
    .orderBy('kind')
    .execute();
  return rows.map((r) => r.kind);
}

export async function replaceMutedKinds(db: Executor, userId: string, kinds: NotificationKind[]): Promise<void> {
  await db.deleteFrom('notification_mutes').where('user_id', '=', userId).execute();
  if (kinds.length > 0)
    await db
      .insertInto('notification_mutes')
      .values(kinds.map((kind) => ({ user_id: userId, kind })))
      .execute();
}

/** Everything of a user's notifications (the account is being deleted). */
export async function deleteNotificationsOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await db.deleteFrom('notification_mutes').where('user_id', '=', userId).execute();
}
