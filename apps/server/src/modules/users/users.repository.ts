import type { Role } from '@app/shared';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { forgetSessions } from '../sessions/session-cache.ts';

// Every change to a user row is followed by forgetSessions: signed-in requests read the row through
// the session cache.

export const findById = (db: Executor, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findByWallet = (db: Executor, checksummed: string) =>
  db.selectFrom('users').selectAll().where('wallet_address', '=', checksummed).executeTakeFirst();

export const findByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export async function usernameTaken(db: Executor, username: string, exceptUserId?: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('username_key', '=', username.toLowerCase());
  if (exceptUserId) q = q.where('id', '<>', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Executor, user: UsersTable): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUsername(db: Executor, id: string, username: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ username, username_key: username.toLowerCase(), updated_at: at })
    .where('id', '=', id)
    .execute();
  forgetSessions(db);
}

export async function setRole(db: Executor, id: string, role: Role, at: string): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: at }).where('id', '=', id).execute();
  forgetSessions(db);
}

export const listStaff = (db: Executor) =>
  db.selectFrom('users').selectAll().where('role', '<>', 'user').orderBy('role').orderBy('username_key').execute();

/** Whether anyone has an account yet. */
export async function anyUserExists(db: Executor): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function setEmailVerified(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: at, updated_at: at }).where('id', '=', id).execute();
  forgetSessions(db);
}

/** A new address takes effect only once proven, so it is set verified. */
export async function setVerifiedEmail(db: Executor, id: string, email: string, at: string): Promise<void> {
  await db.updateTable('users').set({ email, email_verified_at: at, updated_at: at }).where('id', '=', id).execute();
  forgetSessions(db);
}

export async function setPasswordHash(db: Executor, id: string, passwordHash: string, at: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
  forgetSessions(db);
}

/**
 * A deleted account: everything that says who it was goes (name, addresses, password, role); the row
 * stays, as the ledger's accounts and entries and what the person published refer to it. A user row
 * must hold an email or a wallet (a CHECK since the first migration), so the email becomes an address
 * under the reserved .invalid domain, which no mail can reach and no sign-in can use (no password).
 */
export async function anonymiseUser(db: Executor, id: string, username: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      username,
      username_key: username.toLowerCase(),
      email: `${id}@deleted.invalid`, // the id keeps it unique
      email_verified_at: null,
      password_hash: null,
      wallet_address: null,
      role: 'user',
      updated_at: at,
      deleted_at: at,
    })
    .where('id', '=', id)
    .execute();
  forgetSessions(db);
}
