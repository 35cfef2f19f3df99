import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('thumbnail_cid', 'text')
    .addColumn('hls_path', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('processing'))
    .addColumn('failure', 'text')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('videos_status_check', sql`status in ('processing', 'ready', 'failed')`)
    .execute();
  await db.schema.createIndex('videos_recent_idx').on('videos').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('videos_views_idx').on('videos').columns(['status', 'views', 'id']).execute();
  await db.schema.createIndex('videos_creator_idx').on('videos').columns(['creator_id', 'created_at']).execute();
  await db.schema.createIndex('videos_cid_idx').on('videos').column('cid').execute();

  // One row per (video, viewer): a view counts when the last counted one is over 24 h old.
  await db.schema
    .createTable('video_view_windows')
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_view_windows_pk', ['video_id', 'viewer_key'])
    .execute();

  // Every counted view, for analytics (views in the last 30 days) and earnings.
  await db.schema
    .createTable('video_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('video_views_video_idx').on('video_views').columns(['video_id', 'created_at']).execute();

  await db.schema
    .createTable('video_likes')
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_likes_pk', ['video_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'creator_id'])
    .addCheckConstraint('follows_not_self_check', sql`follower_id <> creator_id`)
    .execute();
  await db.schema.createIndex('follows_creator_idx').on('follows').column('creator_id').execute();

  // Full-text search over title, description and tags: FTS5 on SQLite, a GIN tsvector index on PostgreSQL.
  if (dialectOf(db) === 'sqlite') {
    await sql`create virtual table videos_fts using fts5(title, description, tags,
              content='videos', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger videos_fts_insert after insert on videos begin
      insert into videos_fts(rowid, title, description, tags) values (new.rowid, new.title, new.description, new.tags); end`.execute(
      db,
    );
    await sql`create trigger videos_fts_delete after delete on videos begin
      insert into videos_fts(videos_fts, rowid, title, description, tags) values ('delete', old.rowid, old.title, old.description, old.tags); end`.execute(
      db,
    );
    await sql`create trigger videos_fts_update after update of title, description, tags on videos begin
      insert into videos_fts(videos_fts, rowid, title, description, tags) values ('delete', old.rowid, old.title, old.description, old.tags);
      insert into videos_fts(rowid, title, description, tags) values (new.rowid, new.title, new.description, new.tags); end`.execute(
      db,
    );
  } else {
    await sql`create index videos_search_idx on videos using gin (to_tsvector('simple', title || ' ' || description || ' ' || tags))`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`drop table if exists videos_fts`.execute(db);
  for (const table of ['follows', 'video_likes', 'video_views', 'video_view_windows', 'videos']) {
    await db.schema.dropTable(table).execute();
  }
}
