import { EarningsRules, type EarningCategory } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { utcDay } from '../../lib/clock.ts';
import { balancesOf, lockAccounts, openAccount, transfer } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import * as repo from './viewing.repository.ts';
import { writeTransaction } from '../../db/group-commit.ts';

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

const sourceOf = (category: RewardCategory): string =>
  category === 'creator' ? RupeeAccount.creatorsPool : RupeeAccount.pool(category);

/** How many owed earnings one settlement pays at most (the next ad charge goes on). */
const SETTLE_BATCH = 100;

/**
 * Pays earning events in the caller's transaction and returns the paise credited per event key. An
 * event counts once ever; it pays while its kind's daily limit and the viewer's daily cap allow
 * (the cap may shorten the day's last payment). Creator rewards sit outside the viewer cap. A pool
 * pays only what ad money put in it: the part it cannot pay waits as a pending earning, credited
 * by settlePendingEarnings when money comes in.
 *
 * Locks are taken in one global order — the per-kind daily counters, then the daily caps, each by
 * user, then every ledger account by id — so concurrent rewards and ad charges never deadlock.
 */
export async function payRewards(trx: Executor, rewards: Reward[], at: Date): Promise<Map<string, number>> {
  const day = utcDay(at);
  const paid = new Map<string, number>();
  const claimed: Reward[] = [];
  for (const r of rewards) {
    if (
      r.alreadyClaimed ||
      (await repo.claimEvent(trx, {
        key: r.eventKey,
        user_id: r.userId,
        category: r.category,
        created_at: at.toISOString(),
      }))
    )
      claimed.push(r);
  }
  const byUser = (a: Reward, b: Reward) => a.userId.localeCompare(b.userId) || a.eventKey.localeCompare(b.eventKey);
  const allowed: Reward[] = [];
  for (const r of claimed
    .filter((x) => x.amount > 0)
    .sort(
      (a, b) =>
        a.userId.localeCompare(b.userId) ||
        (a.dailyLimit?.counter ?? '').localeCompare(b.dailyLimit?.counter ?? '') ||
        byUser(a, b),
    )) {
    if (
      !r.dailyLimit ||
      (await repo.addWithinLimit(trx, r.userId, day, r.dailyLimit.counter, 1, r.dailyLimit.perDay)) > 0
    )
      allowed.push(r);
  }
  const due: Array<Reward & { paise: number }> = [];
  for (const r of allowed.sort(byUser)) {
    const paise =
      r.category === 'creator'
        ? r.amount
        : await repo.addWithinLimit(trx, r.userId, day, 'earned', r.amount, EarningsRules.dailyCap);
    if (paise > 0) due.push({ ...r, paise });
  }
  if (due.length === 0) return paid;

  for (const userId of new Set(due.map((r) => r.userId))) await openAccount(trx, RupeeAccount.earnings(userId), 'INR');
  await lockAccounts(
    trx,
    due.flatMap((r) => [sourceOf(r.category), RupeeAccount.earnings(r.userId)]),
  );
  const funds = await balancesOf(trx, [...new Set(due.map((r) => sourceOf(r.category)))]);
  const createdAt = at.toISOString();
  for (const r of due) {
    const source = sourceOf(r.category);
    const available = funds.get(source) ?? 0;
    const now = Math.min(r.paise, available);
    if (now > 0) {
      await transfer(
        {
          from: source,
          to: RupeeAccount.earnings(r.userId),
          amount: now,
          currency: 'INR',
          kind: EarningKind[r.category],
          ref: r.ref,
          idempotencyKey: `earn:${r.eventKey}`,
        },
        trx,
      );
      funds.set(source, available - now);
    }
    if (now < r.paise)
      await repo.insertPending(trx, {
        event_key: r.eventKey,
        user_id: r.userId,
        category: r.category,
        ref: r.ref,
        amount: r.paise - now,
        created_at: createdAt,
      });
    paid.set(r.eventKey, now);
  }
  return paid;
}

const ALL_CATEGORIES = Object.keys(EarningKind) as RewardCategory[];

/**
 * Credits earnings that waited for funds, oldest first, as far as their pools now hold money. Run
 * after money comes into the pools (an ad charge). The pools and earnings accounts are locked in one
 * sorted call before anything is read again, as payRewards does, so the two never deadlock and an
 * owed amount is never paid twice.
 */
export async function settlePendingEarnings(ctx: AppContext): Promise<void> {
  await writeTransaction(ctx.db, async (trx) => {
    const balances = await balancesOf(trx, ALL_CATEGORIES.map(sourceOf));
    const funded = ALL_CATEGORIES.filter((c) => (balances.get(sourceOf(c)) ?? 0) > 0);
    if (funded.length === 0) return;
    const waiting = await repo.oldestPending(trx, funded, SETTLE_BATCH);
    if (waiting.length === 0) return;
    await lockAccounts(
      trx,
      waiting.flatMap((w) => [sourceOf(w.category), RupeeAccount.earnings(w.user_id)]),
    );
    const funds = await balancesOf(trx, funded.map(sourceOf));
    const owed = new Map((await repo.oldestPending(trx, funded, SETTLE_BATCH)).map((w) => [w.event_key, w]));
    for (const w of waiting) {
      const amount = Number(owed.get(w.event_key)?.amount ?? 0);
      const source = sourceOf(w.category);
      const pay = Math.min(amount, funds.get(source) ?? 0);
      // A row that changed after the locks were taken waits for the next settlement.
      if (amount !== Number(w.amount) || pay <= 0 || !(await repo.reducePending(trx, w.event_key, amount, pay)))
        continue;
      await transfer(
        {
          from: source,
          to: RupeeAccount.earnings(w.user_id),
          amount: pay,
          currency: 'INR',
          kind: EarningKind[w.category],
          ref: w.ref,
          idempotencyKey: `earn:${w.event_key}:owed:${amount}`,
        },
        trx,
      );
      funds.set(source, (funds.get(source) ?? 0) - pay);
    }
  });
}

/**
 * Takes one of a user's `perDay` daily slots of a counter; false when the day's are used up. For
 * token rewards that cost nothing to trigger (making a clip), so they stay bounded per account.
 */
export const withinDailyLimit = async (
  trx: Executor,
  userId: string,
  counter: string,
  perDay: number,
  at: Date,
): Promise<boolean> => (await repo.addWithinLimit(trx, userId, utcDay(at), counter, 1, perDay)) > 0;

export type EngagementKind = 'like' | 'tip' | 'chat' | 'report';

/**
 * Credits a viewer for an engagement, once per event: a first like of a video (ref = the ledger entry
 * of the creator's like reward, paid once per user and video), a tip (ref = its ledger entry id), a
 * chat message (ref = message id) — the engagement category — or a content report through the help
 * centre (ref = ticket id), the moderation category. Call it inside the transaction that records the
 * engagement, so both happen or neither. Returns paise paid.
 */
export async function recordEngagement(
  ctx: AppContext,
  input: { userId: string; kind: EngagementKind; ref: string },
  trx?: Executor,
): Promise<number> {
  const { userId, kind, ref } = input;
  const reward: Reward =
    kind === 'report'
      ? {
          userId,
          category: 'moderation',
          amount: EarningsRules.report,
          eventKey: `report:${ref}`,
          ref,
          dailyLimit: { counter: 'report', perDay: EarningsRules.reportDailyLimit },
        }
      : {
          userId,
          category: 'engagement',
          amount: EarningsRules.engagement[kind],
          eventKey: `${kind}:${ref}`,
          ref,
          dailyLimit: { counter: kind, perDay: EarningsRules.engagementDailyLimit[kind] },
        };
  const run = async (t: Executor) => (await payRewards(t, [reward], ctx.clock.now())).get(reward.eventKey) ?? 0;
  return trx ? run(trx) : writeTransaction(ctx.db, run);
}
