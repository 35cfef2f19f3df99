import type { Kysely } from 'kysely';

/** WebVTT caption files a creator added to a video, one per language; the bytes live in the blob store. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_captions')
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_captions_pk', ['video_id', 'language'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_captions').execute();
}
