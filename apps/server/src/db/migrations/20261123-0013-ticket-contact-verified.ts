import { type Kysely, sql } from 'kysely';

/**
 * A ticket's contact address is whatever the form said: staff must see whether it was proven to
 * belong to the ticket's owner before they write to it or trust it. Existing tickets were never
 * checked, so they start unverified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tickets')
    // 0/1 integer: one representation for both dialects (better-sqlite3 binds no booleans)
    .addColumn('contact_email_verified', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tickets').dropColumn('contact_email_verified').execute();
}
