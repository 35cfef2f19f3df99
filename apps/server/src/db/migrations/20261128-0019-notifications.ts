import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Notifications (newest first per user, unread counted per user) and the kinds each user has
 * turned off. Ids are numbers the database gives, so going live can notify every follower with one
 * INSERT … SELECT. `once_key` names an event a user hears of once at most (a follower, a video, a
 * payout): following and unfollowing again and again does not flood the creator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) =>
      dialectOf(db) === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('once_key', 'text')
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_once')
    .on('notifications')
    .columns(['user_id', 'once_key'])
    .unique()
    .execute();
  await db.schema
    .createTable('notification_mutes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_mutes_pk', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_mutes').execute();
  await db.schema.dropTable('notifications').execute();
}
