import type { Kysely } from 'kysely';

const TABLES = ['videos', 'clips', 'streams'] as const;

/**
 * The thumbnail at each card width, as JSON: `[{"width": 320, "jpeg": cid, "webp": cid | null}, …]`.
 * Null for what was rendered before sizes existed (and for live snapshots): cards then load the one
 * full-size thumbnail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('thumbnail_sizes', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('thumbnail_sizes').execute();
}
