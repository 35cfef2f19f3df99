import { type Kysely, sql } from 'kysely';

/**
 * A ticket category's name is shown in the reader's language: the client translates its slug
 * (`help.ticketCategories.<slug>`), and the English name stays as the fallback.
 */
const SLUGS: Array<[number, string]> = [
  [1, 'account'],
  [2, 'payments'],
  [3, 'uploads'],
  [4, 'live'],
  [5, 'creators'],
  [6, 'report'],
  [7, 'feedback'],
  [8, 'feature_request'],
  [9, 'emergency'],
  [10, 'other'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ticket_categories')
    .addColumn('slug', 'text', (c) => c.notNull().defaultTo('other'))
    .execute();
  for (const [id, slug] of SLUGS) await sql`update ticket_categories set slug = ${slug} where id = ${id}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ticket_categories').dropColumn('slug').execute();
}
