import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Issues an opaque bearer token (256 random bits); only its SHA-256 is stored. */
export async function createSession(db: Executor, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttlMs).toISOString(),
    })
    .execute();
  return token;
}

/** The user behind a live token, or undefined for unknown, revoked and expired tokens. */
export async function userForToken(db: Executor, token: string): Promise<UsersTable | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', nowIso())
    .executeTakeFirst();
}

export async function revokeSession(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
