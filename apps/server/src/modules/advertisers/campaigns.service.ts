import {
  AdRules,
  AdSpendSplit,
  CategoryShares,
  EarningCategories,
  splitByShares,
  type Campaign,
  type CampaignAction,
  type CampaignCreate,
  type SponsoredCampaign,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { utcDay } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { balanceOf, balancesOf, earnedByRef, lockAccounts, openAccount, transfer } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import { withinAddressCap } from '../address-caps/address-caps.service.ts';
import { settlePendingEarnings } from '../viewing/rewards.service.ts';
import { presentCampaign, presentSponsored } from './advertisers.presenter.ts';
import * as repo from './advertisers.repository.ts';
import { AD_CHARGE, requireAdvertiser } from './advertisers.service.ts';
import type { CampaignsTable } from './advertisers.tables.ts';
import { writeTransaction } from '../../db/group-commit.ts';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
const HOUR_MS = 3_600_000;
/** How many active campaigns a feed picks its sponsored cards from. */
const CANDIDATES = 20;

async function present(db: Executor, rows: CampaignsTable[]): Promise<Campaign[]> {
  const ids = rows.map((r) => r.id);
  const [spent, remaining] = await Promise.all([
    earnedByRef(db, [AD_CHARGE], ids),
    balancesOf(db, ids.map(RupeeAccount.campaign)),
  ]);
  return rows.map((r) => presentCampaign(r, spent.get(r.id) ?? 0, remaining.get(RupeeAccount.campaign(r.id)) ?? 0));
}

export async function listCampaigns(ctx: AppContext, user: UsersTable): Promise<Campaign[]> {
  const advertiser = await requireAdvertiser(ctx.db, user);
  return present(ctx.db, await repo.listCampaigns(ctx.db, advertiser.id));
}

/** A campaign's budget moves from the account balance into the campaign in the same transaction, so it can never exceed the balance. */
export async function createCampaign(ctx: AppContext, user: UsersTable, input: CampaignCreate): Promise<Campaign> {
  const advertiser = await requireAdvertiser(ctx.db, user);
  if (advertiser.account_status !== 'active')
    throw forbidden('Your advertiser account is not active', { code: 'advertiser_not_active' });
  const at = ctx.clock.now().toISOString();
  const row: CampaignsTable = {
    id: newId(),
    advertiser_id: advertiser.id,
    title: input.title,
    description: input.description,
    target_category: input.target_category,
    landing_url: input.landing_url ?? null,
    budget: input.budget,
    daily_budget: input.daily_budget,
    status: 'active',
    impressions: 0,
    clicks: 0,
    spend_day: null,
    spent_today: 0,
    created_at: at,
    updated_at: at,
    ended_at: null,
  };
  await writeTransaction(ctx.db, async (trx) => {
    await repo.insertCampaign(trx, row);
    await openAccount(trx, RupeeAccount.campaign(row.id), 'INR');
    try {
      await transfer(
        {
          from: RupeeAccount.advertiser(advertiser.id),
          to: RupeeAccount.campaign(row.id),
          amount: input.budget,
          currency: 'INR',
          kind: 'campaign_budget',
          ref: row.id,
          idempotencyKey: `campaign-budget:${row.id}`,
        },
        trx,
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 'insufficient_funds')
        throw badRequest('The budget is more than your account balance. Add funds first.', {
          code: 'budget_exceeds_balance',
          field: 'budget',
        });
      throw err;
    }
  });
  return (await present(ctx.db, [row]))[0]!;
}

const TRANSITIONS: Record<CampaignAction, { from: CampaignsTable['status'][]; to: CampaignsTable['status'] }> = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  cancel: { from: ['active', 'paused'], to: 'cancelled' },
};

/** Pause, resume or cancel; cancelling returns the unspent budget to the account balance. */
export async function changeCampaign(
  ctx: AppContext,
  user: UsersTable,
  id: string,
  action: CampaignAction,
): Promise<Campaign> {
  const advertiser = await requireAdvertiser(ctx.db, user);
  const at = ctx.clock.now().toISOString();
  const row = await writeTransaction(ctx.db, async (trx) => {
    const campaign = await repo.findCampaign(trx, id);
    if (!campaign || campaign.advertiser_id !== advertiser.id)
      throw notFound(CAMPAIGN_NOT_FOUND, { code: 'campaign_not_found' });
    const { from, to } = TRANSITIONS[action];
    // The status update takes the campaign's row first: a charge in flight finishes before the refund reads the balance.
    if (!(await repo.setCampaignStatus(trx, id, from, to, at)))
      throw conflict(`A ${campaign.status} campaign cannot be ${action === 'cancel' ? 'cancelled' : `${action}d`}`, {
        code: 'campaign_status_conflict',
        params: { status: campaign.status, action },
      });
    if (action === 'cancel') {
      const unspent = await balanceOf(trx, RupeeAccount.campaign(id));
      if (unspent > 0) {
        await transfer(
          {
            from: RupeeAccount.campaign(id),
            to: RupeeAccount.advertiser(advertiser.id),
            amount: unspent,
            currency: 'INR',
            kind: 'campaign_refund',
            ref: id,
            idempotencyKey: `campaign-refund:${id}`,
          },
          trx,
        );
      }
    }
    return (await repo.findCampaign(trx, id))!;
  });
  return (await present(ctx.db, [row]))[0]!;
}

/**
 * Sponsored cards for a feed: active campaigns of the category (any category on the main feed)
 * whose budget and daily budget still cover an impression, in random order. A viewer is never shown
 * their own campaigns.
 */
export async function sponsoredFor(
  ctx: AppContext,
  category: string | undefined,
  viewer?: UsersTable,
): Promise<SponsoredCampaign[]> {
  const day = utcDay(ctx.clock.now());
  const rows = (await repo.activeCampaigns(ctx.db, category, CANDIDATES)).filter((r) => r.owner_id !== viewer?.id);
  const balances = await balancesOf(
    ctx.db,
    rows.map((r) => RupeeAccount.campaign(r.id)),
  );
  const affordable = rows.filter((r) => {
    const spentToday = r.spend_day === day ? Number(r.spent_today) : 0;
    return (
      (balances.get(RupeeAccount.campaign(r.id)) ?? 0) >= AdRules.impressionPrice &&
      spentToday + AdRules.impressionPrice <= Number(r.daily_budget)
    );
  });
  for (let i = affordable.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [affordable[i], affordable[j]] = [affordable[j]!, affordable[i]!];
  }
  return affordable.slice(0, AdRules.cardsPerFeed).map(presentSponsored);
}

/** Every account an ad charge touches, so they can be locked up front in one order. */
const chargeAccounts = (campaignId: string) => [
  RupeeAccount.campaign(campaignId),
  RupeeAccount.adClearing,
  RupeeAccount.creatorsPool,
  RupeeAccount.platform,
  ...EarningCategories.map(RupeeAccount.pool),
];

/** Not counted: nothing of the attempt may stay (the transaction rolls back). */
class NotCounted extends Error {}

/**
 * Counts an impression or a click and charges it to the campaign's budget. It counts at most once
 * per hour per viewer, campaign and kind, where the viewer is the signed-in user or else the client's
 * address (a browser's User-Agent is free to rotate), and at most AD_EVENTS_PER_ADDRESS times a day
 * per address, campaign and kind, signed in or not, so no one address can drain a budget. Then: the
 * conditional debit of the campaign's account means concurrent
 * events can never spend more than the budget, and the conditional update of the campaign row keeps
 * the day under its daily budget. The charge is split at once: 70 % to the creators' pool, 15 % to
 * the viewer pools (by category share), 15 % to the platform. A campaign that can no longer pay for
 * an impression is completed.
 */
export async function recordAdEvent(
  ctx: AppContext,
  campaignId: string,
  kind: 'impression' | 'click',
  addressKey: string,
  viewer?: UsersTable,
): Promise<{ counted: boolean; landing_url: string | null }> {
  const campaign = await repo.findCampaign(ctx.db, campaignId);
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND, { code: 'campaign_not_found' });
  const owner = viewer ? await repo.findAdvertiserByUser(ctx.db, viewer.id) : undefined;
  const result = { counted: false, landing_url: campaign.landing_url };
  if (campaign.status !== 'active' || owner?.id === campaign.advertiser_id) return result;

  const now = ctx.clock.now();
  const at = now.toISOString();
  const price = kind === 'impression' ? AdRules.impressionPrice : AdRules.clickPrice;
  const viewerKey = viewer ? `user:${viewer.id}` : addressKey;
  try {
    await writeTransaction(ctx.db, async (trx) => {
      if (
        !(await repo.claimAdEventWindow(
          trx,
          { campaign_id: campaignId, viewer_key: viewerKey, kind, counted_at: at },
          new Date(now.getTime() - HOUR_MS).toISOString(),
        ))
      )
        throw new NotCounted();
      if (
        !(await withinAddressCap(
          trx,
          addressKey,
          `ad:${campaignId}:${kind}`,
          ctx.config.addressCaps.adEventsPerCampaign,
          now,
        ))
      )
        throw new NotCounted();
      if (!(await repo.countAdEvent(trx, campaignId, kind, price, utcDay(now), at))) throw new NotCounted();
      await lockAccounts(trx, chargeAccounts(campaignId));
      try {
        await transfer(
          {
            from: RupeeAccount.campaign(campaignId),
            to: RupeeAccount.adClearing,
            amount: price,
            currency: 'INR',
            kind: AD_CHARGE,
            ref: campaignId,
            idempotencyKey: `ad:${campaignId}:${kind}:${viewerKey}:${at}`,
          },
          trx,
        );
      } catch (err) {
        if (err instanceof AppError && err.code === 'insufficient_funds') throw new NotCounted();
        throw err;
      }
      await splitCharge(trx, campaignId, price, `${campaignId}:${kind}:${viewerKey}:${at}`);
    });
    result.counted = true;
  } catch (err) {
    if (!(err instanceof NotCounted)) throw err;
  }
  // The charge just put money in the pools: earnings that waited for it are credited now.
  if (result.counted) await settlePendingEarnings(ctx);
  if ((await balanceOf(ctx.db, RupeeAccount.campaign(campaignId))) < AdRules.impressionPrice) {
    await repo.setCampaignStatus(ctx.db, campaignId, ['active', 'paused'], 'completed', at);
  }
  return result;
}

/** Moves a charge out of the clearing account into the earnings pools and the platform's share. */
async function splitCharge(trx: Executor, campaignId: string, amount: number, key: string): Promise<void> {
  const { creators, viewers, platform } = splitByShares(amount, AdSpendSplit);
  const pools = splitByShares(viewers, CategoryShares);
  const parts: Array<[string, number]> = [
    [RupeeAccount.creatorsPool, creators],
    [RupeeAccount.platform, platform],
    ...EarningCategories.map((c): [string, number] => [RupeeAccount.pool(c), pools[c]]),
  ];
  for (const [to, part] of parts) {
    if (part > 0)
      await transfer(
        {
          from: RupeeAccount.adClearing,
          to,
          amount: part,
          currency: 'INR',
          kind: 'ad_split',
          ref: campaignId,
          idempotencyKey: `split:${key}:${to}`,
        },
        trx,
      );
  }
}
