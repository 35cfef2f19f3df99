import { EmailTokenLifetimes, type Role, type User } from '@app/shared';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, emailTaken, tokenInvalid } from '../../http/errors.ts';
import type { MailLanguage } from '../../mail/languages.ts';
import { changeEmailMail, emailChangedMail, linkTo, verifyEmailMail } from '../../mail/messages.ts';
import * as users from '../users/users.repository.ts';
import { getUser, grantRole } from '../users/users.service.ts';
import { confirmPassword } from './confirm-password.ts';
import { deleteUserEmailTokens } from './email-tokens.repository.ts';
import { ALL_PURPOSES, issueEmailToken, redeemEmailToken } from './email-tokens.service.ts';

const VERIFY_HOURS = EmailTokenLifetimes.verifyEmailHours;
const VERIFY_TTL_MS = VERIFY_HOURS * 60 * 60_000;

/** ADMIN_EMAILS names addresses, and anyone can type an address: only a verified one is trusted. */
export function emailGrant(ctx: AppContext, row: UsersTable): Role | undefined {
  return row.email && row.email_verified_at !== null && ctx.config.adminEmails.includes(row.email)
    ? 'admin'
    : undefined;
}

/** Mails the user a link that proves their address is theirs (at sign-up, and again on request). */
export function sendVerificationLater(ctx: AppContext, userId: string, language: MailLanguage): void {
  ctx.mail.later('verify_email', async () => {
    const row = await users.findById(ctx.db, userId);
    const email = row?.email;
    if (!email || row.email_verified_at !== null) return null;
    const token = await writeTransaction(ctx.db, (trx) =>
      issueEmailToken(trx, ctx.clock, { userId, purpose: 'verify_email', email, ttlMs: VERIFY_TTL_MS }),
    );
    return verifyEmailMail(language, email, linkTo(ctx.config.publicUrl, 'verify-email', token), VERIFY_HOURS);
  });
}

/** Another verification mail; an address already verified gets none. */
export function resendVerification(ctx: AppContext, user: UsersTable, language: MailLanguage): void {
  if (!user.email) throw badRequest('This account has no email address', { code: 'no_email_address' });
  sendVerificationLater(ctx, user.id, language);
}

/**
 * A new address takes effect only when its owner follows the link mailed to it; until then the
 * account keeps the old one. An account with a password confirms the change with it.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UsersTable,
  input: { new_email: string; password?: string | undefined },
  language: MailLanguage,
): Promise<void> {
  await confirmPassword(ctx, user, input.password);
  if (input.new_email === user.email)
    throw badRequest('This is already the address of your account', {
      code: 'same_email_address',
      field: 'new_email',
    });
  if (await users.findByEmail(ctx.db, input.new_email)) throw emailTaken();
  ctx.mail.later('change_email', async () => {
    const token = await writeTransaction(ctx.db, (trx) =>
      issueEmailToken(trx, ctx.clock, {
        userId: user.id,
        purpose: 'change_email',
        email: input.new_email,
        ttlMs: VERIFY_TTL_MS,
      }),
    );
    return changeEmailMail(
      language,
      input.new_email,
      linkTo(ctx.config.publicUrl, 'verify-email', token),
      VERIFY_HOURS,
    );
  });
}

/**
 * Follows a verification link: the address it went to is proven. A sign-up's link marks the
 * account's address verified (if it is still the account's address); a change's link makes the new
 * address the account's, and the old address is told. No sign-in is needed: the link is the proof.
 */
export async function verifyEmail(ctx: AppContext, token: string, language: MailLanguage): Promise<User> {
  const at = ctx.clock.iso();
  const { userId, previousEmail, email } = await writeTransaction(ctx.db, async (trx) => {
    const link = await redeemEmailToken(trx, token, ['verify_email', 'change_email'], at);
    const row = await users.findById(trx, link.user_id);
    if (!row || row.deleted_at !== null) throw tokenInvalid();
    if (link.purpose === 'verify_email') {
      if (row.email !== link.email) throw tokenInvalid(); // the address changed since the mail went out
      if (row.email_verified_at === null) await users.setEmailVerified(trx, row.id, at);
      return { userId: row.id, previousEmail: null, email: link.email };
    }
    const holder = await users.findByEmail(trx, link.email);
    if (holder && holder.id !== row.id) throw emailTaken();
    try {
      await users.setVerifiedEmail(trx, row.id, link.email, at);
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    // links mailed to the old address (a password reset) no longer speak for the account
    await deleteUserEmailTokens(trx, row.id, ALL_PURPOSES);
    return { userId: row.id, previousEmail: row.email, email: link.email };
  });
  const verified = await users.findById(ctx.db, userId);
  const grant = verified && emailGrant(ctx, verified);
  if (grant && verified.role !== grant) await grantRole(ctx.db, userId, grant);
  if (previousEmail) ctx.mail.later('email_changed', () => emailChangedMail(language, previousEmail, email));
  return getUser(ctx.db, userId);
}
