import { type Kysely, sql } from 'kysely';

/**
 * What the ledger moved per (ref, kind): the earnings shown on every card and after every tip, kept
 * as running totals in the same transaction as the entries instead of summed from them on each read
 * (a video tipped 20,000 times was 20,000 rows to add up per tip). Entries without a ref count
 * under ''. Filled from the entries already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_ref_totals')
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_ref_totals_pk', ['ref', 'kind'])
    .execute();
  await db.schema.createIndex('ledger_ref_totals_kind_idx').on('ledger_ref_totals').column('kind').execute();
  await sql`insert into ledger_ref_totals (ref, kind, total)
            select coalesce(ref, ''), kind, sum(amount) from ledger_entries group by coalesce(ref, ''), kind`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_ref_totals').execute();
}
