import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';
import type { Executor } from '../database.ts';
import { indexVideoWords } from '../../modules/videos/search.repository.ts';

/** `collate "C"` on PostgreSQL: words compare byte by byte, as SQLite's do, so a prefix is a range of the index. */
const wordType = (db: Kysely<unknown>) => (dialectOf(db) === 'sqlite' ? sql`text` : sql`text collate "C"`);
const BATCH = 200;

/**
 * Watch history (one row per viewer and video, apart from the watch sessions that earnings are
 * counted from, so clearing it loses no earning) and the per-user switch that pauses it. Then the
 * search index that forgives typos: the words of each video and the trigrams of every word, the
 * same on both databases; it replaces SQLite's FTS5 table and PostgreSQL's tsvector index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watch_history')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('position_ms', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('watched_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_history_pk', ['user_id', 'video_id'])
    .execute();
  await db.schema
    .createIndex('watch_history_user_idx')
    .on('watch_history')
    .columns(['user_id', 'watched_at'])
    .execute();
  await db.schema
    .createTable('history_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('video_search_words')
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('word', wordType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('video_search_words_pk', ['video_id', 'word'])
    .execute();
  await db.schema
    .createIndex('video_search_words_word_idx')
    .on('video_search_words')
    .columns(['word', 'video_id'])
    .execute();
  await db.schema
    .createTable('search_trigrams')
    .addColumn('trigram', 'text', (c) => c.notNull())
    .addColumn('word', wordType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('search_trigrams_pk', ['trigram', 'word'])
    .execute();

  // the videos stored before this index, in id order
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; title: string; description: string; tags: string }>`
      select id, title, description, tags from videos where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const video of rows) await indexVideoWords(db as unknown as Executor, video);
    after = rows[rows.length - 1]!.id;
  }

  if (dialectOf(db) === 'sqlite') {
    for (const trigger of ['videos_fts_insert', 'videos_fts_delete', 'videos_fts_update'])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists videos_fts`.execute(db);
  } else {
    await sql`drop index if exists videos_search_idx`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`create virtual table videos_fts using fts5(title, description, tags,
              content='videos', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`insert into videos_fts(videos_fts) values ('rebuild')`.execute(db);
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
  for (const table of ['search_trigrams', 'video_search_words', 'history_settings', 'watch_history'])
    await db.schema.dropTable(table).execute();
}
