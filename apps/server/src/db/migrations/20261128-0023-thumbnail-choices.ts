import type { Kysely } from 'kysely';

/**
 * The frames a video's processing extracted as thumbnail candidates (at 10 %, 50 % and 90 % of its
 * duration), as JSON: one list of card widths per frame, each `{"width", "jpeg": cid, "webp": cid | null}`.
 * Null for videos processed before candidates existed: their creator can still upload an image.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('thumbnail_choices', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('thumbnail_choices').execute();
}
