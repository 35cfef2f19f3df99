import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id'))
    // Exactly one source. A stream id has no foreign key: streams live in their own module's table.
    .addColumn('source_video_id', 'text', (c) => c.references('videos.id'))
    .addColumn('source_stream_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    // Where the clip starts in its source, in milliseconds (the creator picks it in steps of 0.1 s).
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('processing'))
    .addColumn('failure', 'text')
    // The cut's own CIDv1 once the media job stored it, its thumbnail and its HLS playlist.
    .addColumn('cid', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('thumbnail_cid', 'text')
    .addColumn('hls_path', 'text')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('clips_status_check', sql`status in ('processing', 'ready', 'failed')`)
    .addCheckConstraint('clips_duration_check', sql`duration_seconds in (10, 20, 40, 60)`)
    .addCheckConstraint('clips_start_check', sql`start_ms >= 0`)
    .addCheckConstraint('clips_one_source_check', sql`(source_video_id is null) <> (source_stream_id is null)`)
    .execute();
  await db.schema.createIndex('clips_recent_idx').on('clips').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('clips_creator_idx').on('clips').columns(['creator_id', 'created_at']).execute();
  await db.schema.createIndex('clips_video_idx').on('clips').column('source_video_id').execute();
  await db.schema.createIndex('clips_stream_idx').on('clips').column('source_stream_id').execute();

  await db.schema
    .createTable('clip_likes')
    .addColumn('clip_id', 'text', (c) => c.notNull().references('clips.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('clip_likes_pk', ['clip_id', 'user_id'])
    .execute();

  // As for videos: one row per (clip, viewer) for the 24 h window, and every counted view.
  await db.schema
    .createTable('clip_view_windows')
    .addColumn('clip_id', 'text', (c) => c.notNull().references('clips.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('clip_view_windows_pk', ['clip_id', 'viewer_key'])
    .execute();
  await db.schema
    .createTable('clip_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('clip_id', 'text', (c) => c.notNull().references('clips.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('clip_views_clip_idx').on('clip_views').columns(['clip_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['clip_views', 'clip_view_windows', 'clip_likes', 'clips'])
    await db.schema.dropTable(table).execute();
}
