import type {
  MarkNotificationsRead,
  NewNotification,
  Notification,
  NotificationList,
  NotificationListQuery,
  NotificationPreferences,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import type { UsersTable } from '../../db/schema.ts';
import { NOTIFICATIONS_CHANNEL } from '../../live/live-bus.ts';
import * as repo from './notifications.repository.ts';

/** notifications one bus message carries when a creator's followers are told at once */
const PUBLISH_BATCH = 500;

const present = (row: repo.NotificationRow): Notification =>
  ({
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    created_at: row.created_at,
    read: row.read_at !== null,
  }) as Notification;

/** Hands new notifications to every process's sockets; a bus that fails costs the push, never the notification. */
async function push(ctx: AppContext, rows: repo.NotificationRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PUBLISH_BATCH) {
    const items = rows.slice(i, i + PUBLISH_BATCH).map((row) => ({ user_id: row.user_id, notification: present(row) }));
    await ctx.live.bus.publish(NOTIFICATIONS_CHANNEL, { type: 'notifications', items });
  }
}

/** `once`: a key for an event the user is told of once at most (`follow:<follower id>`, `video:<id>`). */
export interface NotifyOptions {
  once?: string;
}

const newRow = (ctx: AppContext, notification: NewNotification, opts: NotifyOptions) => ({
  kind: notification.kind,
  payload: JSON.stringify(notification.payload),
  created_at: ctx.clock.iso(),
  once_key: opts.once ?? null,
});

/**
 * Tells a user something happened (unless they turned the kind off, or were told of this `once` key
 * already), stored and pushed to their open sockets. Called after the action it is about has
 * committed; it never throws: a failure is logged and the action stands. The comments module calls
 * it for `comment` and `reply`.
 */
export async function notify(
  ctx: AppContext,
  userId: string,
  notification: NewNotification,
  opts: NotifyOptions = {},
): Promise<void> {
  try {
    const row = await repo.insertNotification(ctx.db, { user_id: userId, ...newRow(ctx, notification, opts) });
    if (row) await push(ctx, [row]);
  } catch (err) {
    ctx.logger.warn({ err, kind: notification.kind }, 'notification not created');
  }
}

/** A notification written inside a transaction, to be pushed once that transaction has committed. */
export type PendingNotification = repo.NotificationRow | undefined;

/**
 * Writes a notification inside the caller's write transaction, so it commits with the action it is
 * about (a tip and its notice share one commit, one fsync) and the two stand or fall together. Hand
 * the result to `pushCommitted` after the commit.
 */
export function notifyWithin(
  ctx: AppContext,
  trx: Executor,
  userId: string,
  notification: NewNotification,
): Promise<PendingNotification> {
  return repo.insertNotification(trx, { user_id: userId, ...newRow(ctx, notification, {}) });
}

/** Pushes a committed notification to its owner's sockets in the background; a failed push is logged. */
export function pushCommitted(ctx: AppContext, row: PendingNotification): void {
  if (!row) return;
  push(ctx, [row]).catch((err: unknown) => ctx.logger.warn({ err, kind: row.kind }, 'notification not pushed'));
}

/**
 * Tells every follower of a creator (one INSERT … SELECT, however many they are). It runs in the
 * background: the caller does not wait for it, and a failure is logged.
 */
export function notifyFollowers(
  ctx: AppContext,
  creatorId: string,
  notification: NewNotification,
  opts: NotifyOptions = {},
): void {
  const run = async () => {
    const rows = await repo.insertForFollowers(ctx.db, creatorId, newRow(ctx, notification, opts));
    await push(ctx, rows);
  };
  run().catch((err: unknown) =>
    ctx.logger.warn({ err, kind: notification.kind }, 'follower notifications not created'),
  );
}

export async function listNotifications(
  ctx: AppContext,
  user: UsersTable,
  page: NotificationListQuery,
): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    repo.listNotifications(ctx.db, user.id, page),
    repo.countUnread(ctx.db, user.id),
  ]);
  return { notifications: rows.map(present), unread };
}

/** Only the caller's own notifications change: ids of anyone else's are ignored. */
export async function markRead(
  ctx: AppContext,
  user: UsersTable,
  input: MarkNotificationsRead,
): Promise<{ unread: number }> {
  const ids = input.all ? 'all' : [...new Set(input.ids)];
  await repo.markRead(ctx.db, user.id, ids, ctx.clock.iso());
  return { unread: await repo.countUnread(ctx.db, user.id) };
}

export async function getPreferences(ctx: AppContext, user: UsersTable): Promise<NotificationPreferences> {
  return { muted: await repo.mutedKinds(ctx.db, user.id) };
}

export async function setPreferences(
  ctx: AppContext,
  user: UsersTable,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  await writeTransaction(ctx.db, (trx) => repo.replaceMutedKinds(trx, user.id, [...new Set(input.muted)]));
  return getPreferences(ctx, user);
}
