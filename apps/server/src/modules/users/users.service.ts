import { ReservedUsernameParts, Rewards, isStaff, type Role, type User } from '@app/shared';
import { getAddress, isAddress } from 'viem';
import type { Db, Executor } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { SystemAccount, balanceOf, openUserAccount, transfer, userAccountId } from '../ledger/ledger.service.ts';
import { presentUser } from './users.presenter.ts';
import * as repo from './users.repository.ts';
import { systemClock } from '../../lib/clock.ts';

export const USERNAME_TAKEN = 'Username is already taken';
export const USERNAME_TAKEN_CODE = { code: 'username_taken', field: 'username' } as const;
export const USERNAME_RESERVED = 'Usernames containing "admin" or "support" are reserved for staff';

export const containsReservedPart = (username: string): boolean =>
  ReservedUsernameParts.some((part) => username.toLowerCase().includes(part));

export async function getUser(db: Executor, id: string): Promise<User> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound('User not found', { code: 'user_not_found' });
  return presentUserWithBalance(db, row);
}

/** For a row already in hand (e.g. the signed-in user): only the balance is read. */
export async function presentUserWithBalance(db: Executor, row: UsersTable): Promise<User> {
  return presentUser(row, await balanceOf(db, userAccountId(row.id)));
}

export interface NewUser {
  username: string;
  email?: string | null;
  passwordHash?: string | null;
  walletAddress?: string | null;
  role: Role;
  /** false when the sign-up's network has had its welcome bonuses for the day */
  welcomeBonus: boolean;
}

/**
 * Creates the user, its ledger account and (when due) the welcome bonus in the caller's
 * transaction, so a user never misses a bonus it was promised and the bonus is never paid twice.
 */
export async function createUser(trx: Executor, input: NewUser): Promise<UsersTable> {
  const at = systemClock.iso();
  const row: UsersTable = {
    id: newId(),
    username: input.username,
    username_key: input.username.toLowerCase(),
    email: input.email?.toLowerCase() ?? null,
    password_hash: input.passwordHash ?? null,
    wallet_address: input.walletAddress ?? null,
    role: input.role,
    email_verified_at: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
  await repo.insertUser(trx, row);
  await openUserAccount(trx, row.id);
  if (input.welcomeBonus) {
    await transfer(
      {
        from: SystemAccount.mint,
        to: userAccountId(row.id),
        amount: Rewards.welcome,
        kind: 'welcome_bonus',
        ref: row.id,
        idempotencyKey: `welcome:${row.id}`,
      },
      trx,
    );
  }
  return row;
}

/** A free username built from a base (e.g. "user-3fa2c1"), adding random digits when taken. */
export async function freeUsername(db: Executor, base: string): Promise<string> {
  const clean = base.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24);
  let candidate = clean.length >= 3 && !containsReservedPart(clean) ? clean : `user-${newId(6).toLowerCase()}`;
  for (let attempt = 0; await repo.usernameTaken(db, candidate); attempt++) {
    candidate = `${clean.slice(0, 20) || 'user'}-${newId(attempt < 3 ? 4 : 8).toLowerCase()}`;
  }
  return candidate;
}

export function assertUsernameAllowed(username: string, role: Role): void {
  if (containsReservedPart(username) && !isStaff(role))
    throw badRequest(USERNAME_RESERVED, { code: 'username_reserved', field: 'username' });
}

export async function renameUser(db: Db, userId: string, username: string): Promise<User> {
  const row = await repo.findById(db, userId);
  if (!row) throw notFound('User not found', { code: 'user_not_found' });
  if (row.username !== username) {
    assertUsernameAllowed(username, row.role);
    if (await repo.usernameTaken(db, username, userId)) throw conflict(USERNAME_TAKEN, USERNAME_TAKEN_CODE);
    try {
      await repo.updateUsername(db, userId, username, systemClock.iso());
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN, USERNAME_TAKEN_CODE);
      throw err;
    }
  }
  return getUser(db, userId);
}

/** Sets a user's role: the ADMIN_* lists raise it at sign-in, the admin CLI grants and revokes. */
export async function grantRole(db: Executor, userId: string, role: Role): Promise<void> {
  await repo.setRole(db, userId, role, systemClock.iso());
}

/** A user named by wallet address (any case) or by user id, as creator filters and follow paths name them. */
export function findUserByRef(db: Executor, ref: string): Promise<UsersTable | undefined> {
  return isAddress(ref, { strict: false })
    ? repo.findByWallet(db, getAddress(ref.toLowerCase()))
    : repo.findById(db, ref);
}

/** True when nobody has signed up yet. */
export const noUsersYet = async (db: Executor): Promise<boolean> => !(await repo.anyUserExists(db));
