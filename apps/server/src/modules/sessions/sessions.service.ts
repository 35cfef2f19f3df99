import { hash, randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

import {
  deleteSession,
  deleteUserSessions,
  deleteUserSessionsExcept,
  insertSession,
  sessionForTokenHash,
} from './sessions.repository.ts';
import { sessionCacheOf } from './session-cache.ts';
import { systemClock } from '../../lib/clock.ts';

/**
 * SHA-256 (hex) of a bearer or mailed token, or a stream key: what is stored instead of it. Every signed-in
 * request hashes its token: the one-shot `hash` costs about a third of a Hash object's.
 */
export const hashToken = (token: string): string => hash('sha256', token);

/** Issues an opaque bearer token (256 random bits); only its SHA-256 is stored. */
export async function createSession(db: Executor, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = systemClock.now().getTime();
  await insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + ttlMs).toISOString(),
  });
  return token;
}

/**
 * The user behind a live token, or undefined for unknown, revoked and expired tokens. The row is
 * shared with other requests through the session cache: read it, never change it.
 */
export async function userForToken(db: Db, token: string): Promise<Readonly<UsersTable> | undefined> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(db);
  const kept = cache?.get(tokenHash);
  if (kept) return kept;
  const generation = cache?.generation ?? 0;
  const session = await sessionForTokenHash(db, tokenHash, systemClock.iso());
  if (!session) return undefined;
  return cache ? cache.set(generation, tokenHash, session.user, Date.parse(session.expiresAt)) : session.user;
}

export const revokeSession = (db: Executor, token: string): Promise<void> => deleteSession(db, hashToken(token));

export const revokeAllSessions = (db: Executor, userId: string): Promise<void> => deleteUserSessions(db, userId);

/** Signs the user out everywhere but the session making the request (after a password change). */
export const revokeOtherSessions = (db: Executor, userId: string, keepToken: string): Promise<void> =>
  deleteUserSessionsExcept(db, userId, hashToken(keepToken));
