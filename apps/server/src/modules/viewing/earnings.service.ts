import { EarningCategories, EarningsRules, paiseToRupees, type ViewerEarnings } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { utcDay } from '../../lib/clock.ts';
import { balanceOf, creditedByKind } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import * as payouts from './payouts.repository.ts';
import { referralCodeFor } from './referrals.service.ts';
import { EarningKind } from './rewards.service.ts';
import * as repo from './viewing.repository.ts';

/**
 * The viewer earnings page, all from the ledger and the viewer's own records. "Monthly"
 * earnings are everything earned and not yet paid out: a month below the threshold carries over.
 * The category amounts are lifetime totals; lifetime earnings are their sum plus creator earnings.
 * Pending earnings are earned but not yet funded by ad money: shown apart, never counted as unpaid.
 */
export async function earningsSummary(ctx: AppContext, user: UsersTable): Promise<ViewerEarnings> {
  const now = ctx.clock.now();
  const account = RupeeAccount.earnings(user.id);
  const [unpaid, byKind, totals, watch, engagements, ratings, today, referrals, code, history, owed] =
    await Promise.all([
      balanceOf(ctx.db, account),
      creditedByKind(ctx.db, account),
      payouts.payoutTotals(ctx.db, user.id),
      repo.watchTotals(ctx.db, user.id),
      repo.countEvents(ctx.db, user.id, 'engagement'),
      repo.countRatingsBy(ctx.db, user.id),
      repo.counterValue(ctx.db, user.id, utcDay(now), 'earned'),
      repo.countReferrals(ctx.db, user.id),
      referralCodeFor(ctx.db, user.id, now.toISOString()),
      payouts.listPayouts(ctx.db, { userId: user.id }, 10),
      repo.pendingTotal(ctx.db, user.id),
    ]);
  const earned = (kind: string) => byKind.get(kind) ?? 0;
  const category = Object.fromEntries(
    EarningCategories.map((c) => [`${c}_earnings`, paiseToRupees(earned(EarningKind[c]))]),
  ) as Record<`${(typeof EarningCategories)[number]}_earnings`, number>;
  const lifetime = Object.values(EarningKind).reduce((sum, kind) => sum + earned(kind), 0);
  const last = history.find((p) => p.status !== 'rejected');
  return {
    total_monthly_earnings: paiseToRupees(unpaid),
    lifetime_earnings: paiseToRupees(lifetime),
    progress_to_payout: Math.min(100, Math.floor((unpaid / EarningsRules.payoutThreshold) * 1000) / 10),
    amount_needed_for_payout: paiseToRupees(Math.max(0, EarningsRules.payoutThreshold - unpaid)),
    videos_watched: watch.qualified,
    total_watch_time: Math.round((watch.watchedMs / 3_600_000) * 10_000) / 10_000,
    engagements_made: engagements,
    quality_reviews_given: ratings,
    total_payouts: paiseToRupees(totals.get('paid') ?? 0),
    last_payout_amount: last ? paiseToRupees(Number(last.amount)) : null,
    last_payout_date: last?.created_at ?? null,
    ...category,
    creator_earnings: paiseToRupees(earned(EarningKind.creator)),
    today_earnings: paiseToRupees(today),
    daily_cap: paiseToRupees(EarningsRules.dailyCap),
    pending_payouts: paiseToRupees(totals.get('pending') ?? 0),
    pending_earnings: paiseToRupees(owed),
    payout_threshold: paiseToRupees(EarningsRules.payoutThreshold),
    referral_code: code,
    referrals,
  };
}
