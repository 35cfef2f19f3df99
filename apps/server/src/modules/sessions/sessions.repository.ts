import type { Executor } from '../../db/database.ts';
import { firstRow, preparedQuery } from '../../db/prepared-query.ts';
import type { SessionsTable, UsersTable } from '../../db/schema.ts';

export async function insertSession(db: Executor, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

// Every signed-in request asks this: built once.
const userForTokenHashQuery = preparedQuery((db, tokenHash: string, at: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', at),
);

/** The user behind a session's token hash, while the session has not expired at `at`. */
export async function userForTokenHash(db: Executor, tokenHash: string, at: string): Promise<UsersTable | undefined> {
  return firstRow(await userForTokenHashQuery(db, tokenHash, at));
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteUserSessionsExcept(db: Executor, userId: string, keepTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '<>', keepTokenHash).execute();
}
