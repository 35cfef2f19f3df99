import { randomBytes } from 'node:crypto';
import type { AuthResponse, Role } from '@app/shared';
import { getAddress } from 'viem';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Trx } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { clientNetworkKey } from '../../http/client-network.ts';
import { conflict, unauthorized } from '../../http/errors.ts';

import { createSession } from '../sessions/sessions.service.ts';
import * as users from '../users/users.repository.ts';
import {
  assertUsernameAllowed,
  createUser,
  freeUsername,
  getUser,
  grantRole,
  USERNAME_TAKEN,
  USERNAME_TAKEN_CODE,
  type NewUser,
} from '../users/users.service.ts';
import { consumeNonce, forgetExpiredNonces, insertNonce } from './auth-nonces.repository.ts';
import { buildSiweMessage, checkSiweMessage, recoverSigner } from './siwe.ts';
import { withinAddressCap } from '../address-caps/address-caps.service.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import { emailGrant, sendVerificationLater } from './email-verification.service.ts';
import type { MailLanguage } from '../../mail/languages.ts';

export const INVALID_LOGIN = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
const INVALID_LOGIN_CODE = { code: 'invalid_credentials' } as const;
const EMAIL_TAKEN_CODE = { code: 'email_taken', field: 'email' } as const;
const CHALLENGE_USED = 'This sign-in request has expired or was already used. Please try again.';

export async function issueChallenge(ctx: AppContext, walletAddress: string): Promise<{ message: string }> {
  const address = getAddress(walletAddress.toLowerCase());
  const nonce = randomBytes(16).toString('hex'); // 128 bits
  const now = ctx.clock.now();
  const message = buildSiweMessage(address, nonce, { publicUrl: ctx.config.publicUrl, now });
  await forgetExpiredNonces(ctx.db, now.toISOString());
  await insertNonce(ctx.db, {
    nonce,
    wallet_address: address,
    issued_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 10 * 60_000).toISOString(),
    used_at: null,
  });
  return { message };
}

export async function verifyWallet(
  ctx: AppContext,
  input: { wallet_address: string; signature: string; message: string },
  clientIp: string,
): Promise<AuthResponse> {
  const address = getAddress(input.wallet_address.toLowerCase());
  const checked = checkSiweMessage(input.message, address, { publicUrl: ctx.config.publicUrl, now: ctx.clock.now() });
  if (!checked.ok) throw unauthorized(checked.reason, { code: 'sign_in_request_expired' });
  const signer = await recoverSigner(input.message, input.signature);
  if (!signer) throw unauthorized('Invalid signature', { code: 'wallet_signature_invalid' });
  if (signer !== address)
    throw unauthorized('The signature does not match this wallet', { code: 'wallet_signature_invalid' });

  if (!(await consumeNonce(ctx.db, checked.nonce, address, ctx.clock.iso())))
    throw unauthorized(CHALLENGE_USED, { code: 'sign_in_request_expired' });

  // A wallet proves itself by its signature, so ADMIN_WALLETS may grant at once.
  const grant: Role | undefined = ctx.config.adminWallets.includes(address.toLowerCase()) ? 'admin' : undefined;
  const existing = await users.findByWallet(ctx.db, address);
  if (existing) return startSession(ctx, existing, grant);
  let created: { user: UsersTable; welcomeBonus: boolean };
  try {
    created = await createWithBonusQuota(ctx, clientIp, async (trx) => ({
      username: await freeUsername(trx, `user-${address.slice(2, 8).toLowerCase()}`),
      walletAddress: address,
      role: grant ?? 'user',
    }));
  } catch (err) {
    // a concurrent first sign-in of the same wallet made the row: sign in to it
    const raced = isUniqueViolation(err) ? await users.findByWallet(ctx.db, address) : undefined;
    if (!raced) throw err;
    return startSession(ctx, raced, grant);
  }
  return { ...(await startSession(ctx, created.user, grant)), welcome_bonus: created.welcomeBonus };
}

export async function registerWithEmail(
  ctx: AppContext,
  input: { email: string; password: string; username?: string | undefined },
  clientIp: string,
  language: MailLanguage,
): Promise<AuthResponse> {
  // Nobody is staff at sign-up: ADMIN_EMAILS only counts for an address its owner has verified.
  if (input.username) assertUsernameAllowed(input.username, 'user');
  if (await users.findByEmail(ctx.db, input.email)) throw conflict(EMAIL_TAKEN, EMAIL_TAKEN_CODE);
  const passwordHash = await ctx.passwords.hash(input.password);
  let created: { user: UsersTable; welcomeBonus: boolean };
  try {
    created = await createWithBonusQuota(ctx, clientIp, async (trx) => {
      if (input.username && (await users.usernameTaken(trx, input.username)))
        throw conflict(USERNAME_TAKEN, USERNAME_TAKEN_CODE);
      const username = input.username ?? (await freeUsername(trx, input.email.split('@')[0] ?? 'user'));
      return { username, email: input.email, passwordHash, role: 'user' };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, EMAIL_TAKEN_CODE);
    throw err;
  }
  sendVerificationLater(ctx, created.user.id, language);
  return { ...(await startSession(ctx, created.user, undefined)), welcome_bonus: created.welcomeBonus };
}

export async function loginWithEmail(
  ctx: AppContext,
  input: { email: string; password: string },
): Promise<AuthResponse> {
  const row = await users.findByEmail(ctx.db, input.email);
  if (!row?.password_hash) {
    await ctx.passwords.verifyDecoy(input.password);
    throw unauthorized(INVALID_LOGIN, INVALID_LOGIN_CODE);
  }
  if (!(await ctx.passwords.verify(input.password, row.password_hash)))
    throw unauthorized(INVALID_LOGIN, INVALID_LOGIN_CODE);
  return startSession(ctx, row, emailGrant(ctx, row));
}

/**
 * Creates the user in one transaction with its claim on the day's welcome bonuses of the client's
 * network, so a failed sign-up gives its claim back and accounts made in bulk from one place stop
 * being paid at the cap (they are still made, without the bonus).
 */
async function createWithBonusQuota(
  ctx: AppContext,
  clientIp: string,
  describe: (trx: Trx) => Promise<Omit<NewUser, 'welcomeBonus'>>,
): Promise<{ user: UsersTable; welcomeBonus: boolean }> {
  const clientKey = clientNetworkKey(ctx.secrets.appSecret, 'welcome-bonus', clientIp);
  return writeTransaction(ctx.db, async (trx) => {
    const welcomeBonus = await withinAddressCap(
      trx,
      clientKey,
      'welcome_bonus',
      ctx.config.welcomeBonusPerNetworkDay,
      ctx.clock.now(),
    );
    return { user: await createUser(trx, { ...(await describe(trx)), welcomeBonus }), welcomeBonus };
  });
}

/** Signs the user in (raising the role first when ADMIN_* grants one): a new session and the user. */
export async function startSession(ctx: AppContext, user: UsersTable, grant: Role | undefined): Promise<AuthResponse> {
  if (grant && user.role !== grant) await grantRole(ctx.db, user.id, grant);
  const access_token = await createSession(ctx.db, user.id, ctx.config.sessionTtlMs);
  return { access_token, user: await getUser(ctx.db, user.id) };
}
