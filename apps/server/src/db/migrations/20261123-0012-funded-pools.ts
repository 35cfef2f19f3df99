import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

const SHORTFALL = 'system:inr:pool-shortfall';

/**
 * Reward pools pay out only what ad money put in. A pool account is marked `pool = 1`, and a CHECK
 * refuses any pool balance below zero, whatever the code does. A pool that already went below zero
 * is brought back to zero from a shortfall account, so the books still sum to zero and what was paid
 * beyond the funds stays visible in the ledger. Then: earnings that wait for funds, and the daily
 * counters of paid events per client address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A column constraint, because SQLite can add a CHECK only with a new column.
  await db.schema
    .alterTable('ledger_accounts')
    .addColumn('pool', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`pool = 0 or balance >= 0`),
    )
    .execute();

  const at = new Date().toISOString();
  await sql`insert into ledger_accounts (id, kind, user_id, currency, balance, created_at) values (${SHORTFALL}, 'system', null, 'INR', 0, ${at})`.execute(
    db,
  );
  const { rows } = await sql<{
    id: string;
    balance: number | string;
  }>`select id, balance from ledger_accounts where id like 'system:inr:pool:%' and balance < 0`.execute(db);
  for (const row of rows) {
    const deficit = -Number(row.balance);
    const id = randomBytes(12).toString('base64url');
    await sql`insert into ledger_entries
                (id, idempotency_key, debit_account_id, credit_account_id, amount, currency, kind, ref, created_at)
              values (${id}, ${`pool-shortfall:${row.id}`}, ${SHORTFALL}, ${row.id}, ${deficit}, 'INR',
                      'pool_shortfall', ${row.id}, ${at})`.execute(db);
    await sql`update ledger_accounts set balance = balance - ${deficit} where id = ${SHORTFALL}`.execute(db);
    await sql`update ledger_accounts set balance = 0 where id = ${row.id}`.execute(db);
  }
  await sql`update ledger_accounts set pool = 1 where id like 'system:inr:pool:%'`.execute(db);

  // What a pool could not pay when it was earned; paid out oldest first as ad money arrives.
  await db.schema
    .createTable('pending_earnings')
    .addColumn('event_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_earnings_category_idx')
    .on('pending_earnings')
    .columns(['category', 'created_at'])
    .execute();
  await db.schema.createIndex('pending_earnings_user_idx').on('pending_earnings').column('user_id').execute();

  // Keyed by a keyed hash of the address (never the address itself).
  await db.schema
    .createTable('address_daily_counters')
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('address_daily_counters_pk', ['address_key', 'day', 'counter'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('address_daily_counters').execute();
  await db.schema.dropTable('pending_earnings').execute();
  await db.schema.alterTable('ledger_accounts').dropColumn('pool').execute();
}
