import type { Kysely } from 'kysely';

/**
 * A clip of a stream still on air is cut from a snapshot of its recording taken when the clip was
 * asked for: the snapshot's CID, until the cut is done and the snapshot is let go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clips').addColumn('source_cid', 'text').execute();
  await db.schema.createIndex('clips_source_cid_idx').on('clips').column('source_cid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('clips_source_cid_idx').execute();
  await db.schema.alterTable('clips').dropColumn('source_cid').execute();
}
