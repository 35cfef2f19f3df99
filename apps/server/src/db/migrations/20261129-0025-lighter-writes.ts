import { sql, type Kysely } from 'kysely';

/**
 * Two indexes every tip and like wrote to for nothing:
 * - The ledger entries' (kind, ref) index goes. What a thing earned per kind is read from the running
 *   totals (`ledger_ref_totals`, 0015), and no query looks entries up by kind and ref any more; the
 *   index still cost every entry a write to a random page of it (a like's ref is any video). Likes
 *   through the API ran about a quarter faster on SQLite without it.
 * - A notification's `once_key` is unique per user only where it is set: most notifications (a tip,
 *   a comment) have none, and no longer get an entry in that index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_ref_idx').execute();
  await db.schema.dropIndex('notifications_once').execute();
  await onceIndex(db).where(sql.ref('once_key'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_once').execute();
  await onceIndex(db).execute();
  await db.schema.createIndex('ledger_entries_ref_idx').on('ledger_entries').columns(['kind', 'ref']).execute();
}

const onceIndex = (db: Kysely<unknown>) =>
  db.schema.createIndex('notifications_once').on('notifications').columns(['user_id', 'once_key']).unique();
