import { EarningsRules, type EarningCategory } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { clockNow, utcDay } from '../../lib/clock.ts';
import { lockAccounts, openAccount, transfer } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import * as repo from './viewing.repository.ts';

export type RewardCategory = EarningCategory | 'creator';

/** Ledger kind of each category's rupee earnings: the earnings breakdown is read back by these. */
export const EarningKind: Record<RewardCategory, string> = {
  watch_time: 'earn_watch_time',
  engagement: 'earn_engagement',
  discovery: 'earn_discovery',
  quality_feedback: 'earn_quality_feedback',
  moderation: 'earn_moderation',
  referral: 'earn_referral',
  creator: 'earn_creator',
};

export interface Reward {
  userId: string;
  category: RewardCategory;
  /** paise asked for; the daily cap may pay less */
  amount: number;
  /** the event, counted once ever */
  eventKey: string;
  /** what it concerns: a watch session, a video, a ticket, a referred user */
  ref: string;
  /** how many events of this kind pay per day */
  dailyLimit?: { counter: string; perDay: number };
  /** the caller recorded the event itself (it gates other rewards) */
  alreadyClaimed?: boolean;
}

const sourceOf = (category: RewardCategory): string => (category === 'creator' ? RupeeAccount.creatorsPool : RupeeAccount.pool(category));

/**
 * Pays earning events in the caller's transaction and returns the paise paid per event key. An
 * event counts once ever; it pays while its kind's daily limit and the viewer's daily cap allow
 * (the cap may shorten the day's last payment). Creator rewards sit outside the viewer cap.
 *
 * Locks are taken in one global order — the per-kind daily counters, then the daily caps, each by
 * user, then every ledger account by id — so concurrent rewards and ad charges never deadlock.
 */
export async function payRewards(trx: Executor, rewards: Reward[], at: Date): Promise<Map<string, number>> {
  const day = utcDay(at);
  const paid = new Map<string, number>();
  const claimed: Reward[] = [];
  for (const r of rewards) {
    if (r.alreadyClaimed || (await repo.claimEvent(trx, { key: r.eventKey, user_id: r.userId, category: r.category, created_at: at.toISOString() }))) claimed.push(r);
  }
  const byUser = (a: Reward, b: Reward) => a.userId.localeCompare(b.userId) || a.eventKey.localeCompare(b.eventKey);
  const allowed: Reward[] = [];
  for (const r of claimed.filter((x) => x.amount > 0).sort((a, b) => a.userId.localeCompare(b.userId) || (a.dailyLimit?.counter ?? '').localeCompare(b.dailyLimit?.counter ?? '') || byUser(a, b))) {
    if (!r.dailyLimit || (await repo.addWithinLimit(trx, r.userId, day, r.dailyLimit.counter, 1, r.dailyLimit.perDay)) > 0) allowed.push(r);
  }
  const due: Array<Reward & { paise: number }> = [];
  for (const r of allowed.sort(byUser)) {
    const paise = r.category === 'creator' ? r.amount : await repo.addWithinLimit(trx, r.userId, day, 'earned', r.amount, EarningsRules.dailyCap);
    if (paise > 0) due.push({ ...r, paise });
  }
  if (due.length === 0) return paid;

  for (const userId of new Set(due.map((r) => r.userId))) await openAccount(trx, RupeeAccount.earnings(userId), 'INR');
  await lockAccounts(trx, due.flatMap((r) => [sourceOf(r.category), RupeeAccount.earnings(r.userId)]));
  for (const r of due) {
    await transfer(
      { from: sourceOf(r.category), to: RupeeAccount.earnings(r.userId), amount: r.paise, currency: 'INR', kind: EarningKind[r.category], ref: r.ref, idempotencyKey: `earn:${r.eventKey}` },
      trx,
    );
    paid.set(r.eventKey, r.paise);
  }
  return paid;
}

export type EngagementKind = 'like' | 'tip' | 'chat' | 'report';

/**
 * Credits a viewer for an engagement, once per event: a first like of a video (ref = video id), a
 * tip (ref = its ledger entry id), a chat message (ref = message id) — the engagement category — or a
 * content report through the help centre (ref = ticket id), the moderation category. Call it inside
 * the transaction that records the engagement, so both happen or neither. Returns paise paid.
 */
export async function recordEngagement(ctx: AppContext, input: { userId: string; kind: EngagementKind; ref: string }, trx?: Executor): Promise<number> {
  const { userId, kind, ref } = input;
  const reward: Reward =
    kind === 'report'
      ? { userId, category: 'moderation', amount: EarningsRules.report, eventKey: `report:${ref}`, ref, dailyLimit: { counter: 'report', perDay: EarningsRules.reportDailyLimit } }
      : {
          userId,
          category: 'engagement',
          amount: EarningsRules.engagement[kind],
          eventKey: kind === 'like' ? `like:${userId}:${ref}` : `${kind}:${ref}`,
          ref,
          dailyLimit: { counter: kind, perDay: EarningsRules.engagementDailyLimit[kind] },
        };
  const run = async (t: Executor) => (await payRewards(t, [reward], clockNow(ctx))).get(reward.eventKey) ?? 0;
  return trx ? run(trx) : ctx.db.transaction().execute(run);
}
