import type { Kysely } from 'kysely';

/**
 * Comments on videos and clips, with one level of replies (`parent_id` names a top-level comment of
 * the same target). Each video and clip keeps its `comment_count` (comments and replies), moved in
 * the transaction of each comment write so the feed reads it without counting, and whether its
 * creator allows comments. A top-level comment keeps its `reply_count` the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Top-level comments of a target, newest first; replies of a comment, oldest first.
  await db.schema
    .createIndex('comments_target')
    .on('comments')
    .columns(['target_kind', 'target_id', 'parent_id', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'created_at']).execute();
  for (const table of ['videos', 'clips']) {
    await db.schema
      .alterTable(table)
      .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('comments_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['videos', 'clips']) {
    await db.schema.alterTable(table).dropColumn('comments_enabled').execute();
    await db.schema.alterTable(table).dropColumn('comment_count').execute();
  }
  await db.schema.dropTable('comments').execute();
}
