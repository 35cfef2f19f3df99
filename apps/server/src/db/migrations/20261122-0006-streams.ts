import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('streams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    // SHA-256 of the secret key (the key itself is shown to the owner, never stored in clear)
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // the key sealed with the app secret, so the owner can see it again
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('interrupted_at', 'text')
    .addColumn('last_ingest_at', 'text')
    .addColumn('viewers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_viewers', 'integer', (c) => c.notNull().defaultTo(0))
    // path of the live playlist inside DATA_DIR/live once the first segment exists
    .addColumn('live_path', 'text')
    .addColumn('recording_cid', 'text')
    .addColumn('recording_duration_ms', 'integer')
    .addColumn('replay_path', 'text')
    .addColumn('thumbnail_cid', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('streams_status_check', sql`status in ('created', 'live', 'interrupted', 'ended')`)
    .execute();
  await db.schema.createIndex('streams_status_idx').on('streams').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('streams_creator_idx').on('streams').columns(['creator_id', 'created_at']).execute();

  await db.schema
    .createTable('stream_chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('stream_id', 'text', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('tip_amount', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stream_chat_stream_idx')
    .on('stream_chat_messages')
    .columns(['stream_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['stream_chat_messages', 'streams']) await db.schema.dropTable(table).execute();
}
