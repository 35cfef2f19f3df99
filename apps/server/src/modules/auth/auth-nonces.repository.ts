import type { Executor } from '../../db/database.ts';
import type { AuthNoncesTable } from '../../db/schema.ts';

export async function insertNonce(db: Executor, row: AuthNoncesTable): Promise<void> {
  await db.insertInto('auth_nonces').values(row).execute();
}

/** One conditional UPDATE: of two concurrent uses of a nonce exactly one changes the row. */
export async function consumeNonce(db: Executor, nonce: string, walletAddress: string, at: string): Promise<boolean> {
  const consumed = await db
    .updateTable('auth_nonces')
    .set({ used_at: at })
    .where('nonce', '=', nonce)
    .where('wallet_address', '=', walletAddress)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}

/** Expired challenges can never be used again; without this every challenge ever asked for stays a row. */
export async function forgetExpiredNonces(db: Executor, at: string): Promise<void> {
  await db.deleteFrom('auth_nonces').where('expires_at', '<=', at).execute();
}
