import type { Kysely } from 'kysely';

/**
 * When a user last cleared their watch history. Where they stopped in a video (to resume) is read
 * from their viewing sessions, which stay as the record of what watching earned: a position from
 * before this time is forgotten with the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('history_settings').addColumn('cleared_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('history_settings').dropColumn('cleared_at').execute();
}
