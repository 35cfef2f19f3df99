import { randomBytes } from 'node:crypto';
import { EarningsRules } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';

import { findById } from '../users/users.repository.ts';
import * as repo from './viewing.repository.ts';

// No 0/O or 1/I: codes are read aloud and typed by hand. 32 letters: a byte maps without bias.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const DAY_MS = 86_400_000;

const randomCode = () => [...randomBytes(CODE_LENGTH)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

/** The user's own referral code, made on first use. */
export async function referralCodeFor(db: Executor, userId: string, at: string): Promise<string> {
  for (;;) {
    const existing = await repo.referralCodeOf(db, userId);
    if (existing) return existing;
    // false: this user got a code meanwhile, or (rarely) the random code is taken; either way, read again
    await repo.insertReferralCode(db, userId, randomCode(), at);
  }
}

/**
 * Records who referred this user, once. Only new accounts may name a referrer, never themselves nor
 * someone they referred. The referrer is paid later, when this user's first watch qualifies.
 */
export async function claimReferral(
  ctx: AppContext,
  user: UsersTable,
  code: string,
): Promise<{ recorded: true; referrer_username: string }> {
  const now = ctx.clock.now();
  const referrerId = await repo.ownerOfCode(ctx.db, code);
  if (!referrerId) throw notFound('This referral code does not exist', { code: 'referral_code_not_found' });
  if (referrerId === user.id) throw badRequest('You cannot use your own referral code', { code: 'own_referral_code' });
  if (now.getTime() - Date.parse(user.created_at) > EarningsRules.referralWindowDays * DAY_MS) {
    const days = EarningsRules.referralWindowDays;
    throw badRequest(`Referral codes can only be used within ${days} days of signing up`, {
      code: 'referral_window_passed',
      params: { days },
    });
  }
  if ((await repo.findReferral(ctx.db, referrerId))?.referrer_user_id === user.id)
    throw badRequest('You cannot use the code of someone you referred', { code: 'referral_code_of_referred' });
  if (!(await repo.insertReferral(ctx.db, user.id, referrerId, now.toISOString())))
    throw conflict('A referral is already recorded for your account', { code: 'referral_already_recorded' });
  return { recorded: true, referrer_username: (await findById(ctx.db, referrerId))!.username };
}
