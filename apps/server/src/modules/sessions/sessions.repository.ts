import type { Executor } from '../../db/database.ts';
import { firstRow, preparedQuery } from '../../db/prepared-query.ts';
import type { SessionsTable, UsersTable } from '../../db/schema.ts';
import { forgetSessions } from './session-cache.ts';

export async function insertSession(db: Executor, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

// Every signed-in request asks this: built once.
const userForTokenHashQuery = preparedQuery((db, tokenHash: string, at: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', at),
);

/** The user behind a session's token hash and when the session expires, while it has not expired at `at`. */
export async function sessionForTokenHash(
  db: Executor,
  tokenHash: string,
  at: string,
): Promise<{ user: UsersTable; expiresAt: string } | undefined> {
  const row = firstRow(await userForTokenHashQuery(db, tokenHash, at));
  if (!row) return undefined;
  const { session_expires_at: expiresAt, ...user } = row;
  return { user, expiresAt };
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  forgetSessions(db);
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  forgetSessions(db);
}

export async function deleteUserSessionsExcept(db: Executor, userId: string, keepTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '<>', keepTokenHash).execute();
  forgetSessions(db);
}
