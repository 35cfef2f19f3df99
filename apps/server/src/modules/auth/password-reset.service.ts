import { EmailTokenLifetimes, type AuthResponse } from '@app/shared';
import type { AppContext } from '../../context.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, tokenInvalid } from '../../http/errors.ts';
import type { MailLanguage } from '../../mail/languages.ts';
import { linkTo, passwordChangedMail, resetPasswordMail } from '../../mail/messages.ts';
import { revokeAllSessions, revokeOtherSessions } from '../sessions/sessions.service.ts';
import * as users from '../users/users.repository.ts';
import { startSession } from './auth.service.ts';
import { confirmPassword } from './confirm-password.ts';
import { deleteUserEmailTokens } from './email-tokens.repository.ts';
import { checkEmailToken, issueEmailToken, redeemEmailToken } from './email-tokens.service.ts';
import { emailGrant } from './email-verification.service.ts';

const RESET_MINUTES = EmailTokenLifetimes.resetPasswordMinutes;

/**
 * Asks for a reset link. The caller is answered before anything is looked up, so known and unknown
 * addresses get the same answer in the same time; a link goes out only to an existing account.
 */
export function requestPasswordReset(ctx: AppContext, email: string, language: MailLanguage): void {
  ctx.mail.later('reset_password', async () => {
    const row = await users.findByEmail(ctx.db, email);
    const to = row?.email;
    if (!to || row.deleted_at !== null) return null;
    const token = await writeTransaction(ctx.db, (trx) =>
      issueEmailToken(trx, ctx.clock, {
        userId: row.id,
        purpose: 'reset_password',
        email: to,
        ttlMs: RESET_MINUTES * 60_000,
      }),
    );
    return resetPasswordMail(language, to, linkTo(ctx.config.publicUrl, 'reset-password', token), RESET_MINUTES);
  });
}

/**
 * Follows a reset link: sets the password, signs out every session (whoever took the account is out
 * too) and starts a new one. Following the link also proves the address.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
): Promise<AuthResponse> {
  // a bad link is refused before the (slow) hash; the redeem below is what counts
  await checkEmailToken(ctx.db, input.token, ['reset_password'], ctx.clock.iso());
  const passwordHash = await ctx.passwords.hash(input.password);
  const at = ctx.clock.iso();
  const userId = await writeTransaction(ctx.db, async (trx) => {
    const link = await redeemEmailToken(trx, input.token, ['reset_password'], at);
    const row = await users.findById(trx, link.user_id);
    if (!row || row.email !== link.email) throw tokenInvalid();
    await users.setPasswordHash(trx, row.id, passwordHash, at);
    if (row.email_verified_at === null) await users.setEmailVerified(trx, row.id, at);
    await revokeAllSessions(trx, row.id);
    await deleteUserEmailTokens(trx, row.id, ['reset_password']);
    return row.id;
  });
  const row = (await users.findById(ctx.db, userId))!;
  return startSession(ctx, row, emailGrant(ctx, row));
}

/** Changes the password of the signed-in account: every other session ends, this one stays. */
export async function changePassword(
  ctx: AppContext,
  user: UsersTable,
  sessionToken: string,
  input: { current_password: string; new_password: string },
  language: MailLanguage,
): Promise<void> {
  if (user.password_hash === null) {
    throw badRequest('This account has no password: it signs in with its wallet', {
      code: 'wallet_account_no_password',
    });
  }
  await confirmPassword(ctx, user, input.current_password);
  const passwordHash = await ctx.passwords.hash(input.new_password);
  await writeTransaction(ctx.db, async (trx) => {
    await users.setPasswordHash(trx, user.id, passwordHash, ctx.clock.iso());
    await revokeOtherSessions(trx, user.id, sessionToken);
    await deleteUserEmailTokens(trx, user.id, ['reset_password']);
  });
  const to = user.email;
  if (to) ctx.mail.later('password_changed', () => passwordChangedMail(language, to));
}
