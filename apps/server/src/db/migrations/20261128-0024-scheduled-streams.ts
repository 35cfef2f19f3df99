import type { Kysely } from 'kysely';

/**
 * A stream created ahead for a planned start time: a `created` stream with `scheduled_for` set is
 * scheduled (listed as Upcoming), and going live turns that same row into the live stream.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('streams').addColumn('scheduled_for', 'text').execute();
  await db.schema.createIndex('streams_scheduled_idx').on('streams').columns(['status', 'scheduled_for']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('streams_scheduled_idx').execute();
  await db.schema.alterTable('streams').dropColumn('scheduled_for').execute();
}
