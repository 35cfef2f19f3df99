import type { Executor } from '../../db/database.ts';
import type { EmailTokenPurpose, EmailTokensTable } from './email-tokens.tables.ts';

export async function insertEmailToken(db: Executor, row: EmailTokensTable): Promise<void> {
  await db.insertInto('email_tokens').values(row).execute();
}

export const findEmailToken = (db: Executor, tokenHash: string) =>
  db.selectFrom('email_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** One conditional UPDATE: of two concurrent uses of a token exactly one changes the row. */
export async function markEmailTokenUsed(db: Executor, tokenHash: string, at: string): Promise<boolean> {
  const used = await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** A user's links of some purposes (earlier links when a new one is sent, all of them when the account goes). */
export async function deleteUserEmailTokens(
  db: Executor,
  userId: string,
  purposes: readonly EmailTokenPurpose[],
): Promise<void> {
  await db.deleteFrom('email_tokens').where('user_id', '=', userId).where('purpose', 'in', purposes).execute();
}

/** Expired links can never work again: without this every link ever sent stays a row. */
export async function forgetExpiredEmailTokens(db: Executor, at: string): Promise<void> {
  await db.deleteFrom('email_tokens').where('expires_at', '<=', at).execute();
}
