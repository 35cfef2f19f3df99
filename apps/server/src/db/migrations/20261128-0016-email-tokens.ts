import type { Kysely } from 'kysely';

/**
 * Links mailed to people (verify an address, reset a password, confirm a new address): only the
 * SHA-256 of each token is kept, with what it is for, the address it was sent to, when it stops
 * working and when it was used. Users get the time their account was deleted (null while it exists).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('email_tokens_expiry').on('email_tokens').column('expires_at').execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.dropTable('email_tokens').execute();
}
