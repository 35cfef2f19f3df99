import type { Kysely } from 'kysely';

/**
 * Staff by email needs a proven address, so users get the time their email was verified (null until
 * then). Welcome bonuses are counted per client network and day, so accounts made in bulk from one
 * place stop being paid; the counter is one row per (keyed hash of the network, UTC day).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .createTable('welcome_bonus_quota')
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('welcome_bonus_quota_pk', ['client_key', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('welcome_bonus_quota').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
