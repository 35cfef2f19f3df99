import { randomBytes } from 'node:crypto';
import type { AuthResponse, Role } from '@app/shared';
import { getAddress } from 'viem';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Trx } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { conflict, unauthorized } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { createSession } from '../sessions/sessions.service.ts';
import * as users from '../users/users.repository.ts';
import { assertUsernameAllowed, createUser, freeUsername, getUser, grantRole } from '../users/users.service.ts';
import { hashPassword, decoyHash, verifyPassword } from './passwords.ts';
import { buildSiweMessage, checkSiweMessage, recoverSigner } from './siwe.ts';

export const INVALID_LOGIN = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
const CHALLENGE_USED = 'This sign-in request has expired or was already used. Please try again.';

export async function issueChallenge(ctx: AppContext, walletAddress: string): Promise<{ message: string }> {
  const address = getAddress(walletAddress.toLowerCase());
  const nonce = randomBytes(16).toString('hex'); // 128 bits
  const now = new Date();
  const message = buildSiweMessage(address, nonce, { publicUrl: ctx.config.publicUrl, now });
  await ctx.db
    .insertInto('auth_nonces')
    .values({ nonce, wallet_address: address, issued_at: now.toISOString(), expires_at: new Date(now.getTime() + 10 * 60_000).toISOString(), used_at: null })
    .execute();
  return { message };
}

export async function verifyWallet(
  ctx: AppContext,
  input: { wallet_address: string; signature: string; message: string },
): Promise<AuthResponse> {
  const address = getAddress(input.wallet_address.toLowerCase());
  const checked = checkSiweMessage(input.message, address, { publicUrl: ctx.config.publicUrl, now: new Date() });
  if (!checked.ok) throw unauthorized(checked.reason);
  const signer = await recoverSigner(input.message, input.signature);
  if (!signer) throw unauthorized('Invalid signature');
  if (signer !== address) throw unauthorized('The signature does not match this wallet');

  const at = nowIso();
  // Consuming the nonce is one conditional UPDATE: of two concurrent uses exactly one changes the row.
  const consumed = await ctx.db
    .updateTable('auth_nonces')
    .set({ used_at: at })
    .where('nonce', '=', checked.nonce)
    .where('wallet_address', '=', address)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw unauthorized(CHALLENGE_USED);

  const grant: Role | undefined = ctx.config.adminWallets.includes(address.toLowerCase()) ? 'admin' : undefined;
  const user = await findOrCreate(ctx, () => users.findByWallet(ctx.db, address), async (trx) =>
    createUser(trx, { username: await freeUsername(trx, `user-${address.slice(2, 8).toLowerCase()}`), walletAddress: address, role: grant ?? 'user' }),
  );
  return startSession(ctx, user, grant);
}

export async function registerWithEmail(
  ctx: AppContext,
  input: { email: string; password: string; username?: string | undefined },
): Promise<AuthResponse> {
  const grant: Role | undefined = ctx.config.adminEmails.includes(input.email) ? 'admin' : undefined;
  if (input.username) assertUsernameAllowed(input.username, grant ?? 'user');
  if (await users.findByEmail(ctx.db, input.email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  let user: UsersTable;
  try {
    user = await ctx.db.transaction().execute(async (trx) => {
      if (input.username && (await users.usernameTaken(trx, input.username))) throw conflict('Username is already taken');
      const username = input.username ?? (await freeUsername(trx, input.email.split('@')[0] ?? 'user'));
      return createUser(trx, { username, email: input.email, passwordHash, role: grant ?? 'user' });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
  return startSession(ctx, user, undefined);
}

export async function loginWithEmail(ctx: AppContext, input: { email: string; password: string }): Promise<AuthResponse> {
  const row = await users.findByEmail(ctx.db, input.email);
  if (!row?.password_hash) {
    await verifyPassword(input.password, await decoyHash());
    throw unauthorized(INVALID_LOGIN);
  }
  if (!(await verifyPassword(input.password, row.password_hash))) throw unauthorized(INVALID_LOGIN);
  const grant: Role | undefined = ctx.config.adminEmails.includes(row.email ?? '') ? 'admin' : undefined;
  return startSession(ctx, row, grant);
}

/** Finds the user, or creates it; a concurrent first sign-in of the same identity falls back to the row it made. */
async function findOrCreate(
  ctx: AppContext,
  find: () => Promise<UsersTable | undefined>,
  create: (trx: Trx) => Promise<UsersTable>,
): Promise<UsersTable> {
  const existing = await find();
  if (existing) return existing;
  try {
    return await ctx.db.transaction().execute(create);
  } catch (err) {
    const raced = isUniqueViolation(err) ? await find() : undefined;
    if (raced) return raced;
    throw err;
  }
}

async function startSession(ctx: AppContext, user: UsersTable, grant: Role | undefined): Promise<AuthResponse> {
  if (grant && user.role !== grant) await grantRole(ctx.db, user.id, grant);
  const access_token = await createSession(ctx.db, user.id, ctx.config.sessionTtlMs);
  return { access_token, user: await getUser(ctx.db, user.id) };
}
