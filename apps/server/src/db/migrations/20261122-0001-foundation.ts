import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('wallet_address', 'text', (c) => c.unique())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('users_role_check', sql`role in ('user', 'support', 'admin')`)
    .addCheckConstraint('users_identity_check', sql`email is not null or wallet_address is not null`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('wallet_address', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('auth_nonces_expiry_idx').on('auth_nonces').column('expires_at').execute();

  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.unique().references('users.id'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('ledger_accounts_kind_check', sql`kind in ('user', 'system')`)
    // The rule that matters most: no user balance below zero, whatever the code above does.
    .addCheckConstraint('ledger_accounts_balance_check', sql`kind = 'system' or balance >= 0`)
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('debit_account_id', 'text', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('credit_account_id', 'text', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('ledger_entries_amount_check', sql`amount > 0`)
    .addCheckConstraint('ledger_entries_distinct_check', sql`debit_account_id <> credit_account_id`)
    .execute();
  await db.schema.createIndex('ledger_entries_debit_idx').on('ledger_entries').column('debit_account_id').execute();
  await db.schema.createIndex('ledger_entries_credit_idx').on('ledger_entries').column('credit_account_id').execute();
  await db.schema.createIndex('ledger_entries_ref_idx').on('ledger_entries').columns(['kind', 'ref']).execute();

  // The mint issues every reward; its balance is minus everything ever issued, so all balances sum to 0.
  await sql`insert into ledger_accounts (id, kind, user_id, balance, created_at)
            values ('system:mint', 'system', null, 0, ${new Date().toISOString()})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ledger_entries', 'ledger_accounts', 'auth_nonces', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
