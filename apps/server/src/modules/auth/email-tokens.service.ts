import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.ts';
import { tokenExpired, tokenInvalid } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../sessions/sessions.service.ts';
import {
  deleteUserEmailTokens,
  findEmailToken,
  forgetExpiredEmailTokens,
  insertEmailToken,
  markEmailTokenUsed,
} from './email-tokens.repository.ts';
import type { EmailTokenPurpose, EmailTokensTable } from './email-tokens.tables.ts';

export const ALL_PURPOSES: readonly EmailTokenPurpose[] = ['verify_email', 'change_email', 'reset_password'];

/**
 * A new single-use link token (256 random bits) for one purpose; only its SHA-256 is stored. The
 * user's earlier links of the same purpose stop working, so only the newest mail counts.
 */
export async function issueEmailToken(
  trx: Executor,
  clock: Clock,
  input: { userId: string; purpose: EmailTokenPurpose; email: string; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await forgetExpiredEmailTokens(trx, now.toISOString());
  await deleteUserEmailTokens(trx, input.userId, [input.purpose]);
  await insertEmailToken(trx, {
    token_hash: hashToken(token),
    user_id: input.userId,
    purpose: input.purpose,
    email: input.email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + input.ttlMs).toISOString(),
    used_at: null,
  });
  return token;
}

/**
 * The token's row if it can be used for one of `purposes` at `at`. Unknown, used and other-purpose
 * tokens get the same answer; an expired one says so, so the page can offer a new link.
 */
export async function checkEmailToken(
  db: Executor,
  token: string,
  purposes: readonly EmailTokenPurpose[],
  at: string,
): Promise<EmailTokensTable> {
  const row = await findEmailToken(db, hashToken(token));
  if (!row || row.used_at !== null || !purposes.includes(row.purpose)) throw tokenInvalid();
  if (row.expires_at <= at) throw tokenExpired();
  return row;
}

/** Checks the token and marks it used in one conditional update: of two uses at once, one wins. */
export async function redeemEmailToken(
  trx: Executor,
  token: string,
  purposes: readonly EmailTokenPurpose[],
  at: string,
): Promise<EmailTokensTable> {
  const row = await checkEmailToken(trx, token, purposes, at);
  if (!(await markEmailTokenUsed(trx, row.token_hash, at))) throw tokenInvalid();
  return row;
}
