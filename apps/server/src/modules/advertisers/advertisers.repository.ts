import type { CampaignStatus } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type {
  AdEventWindowsTable,
  AdvertiserFundsTable,
  AdvertisersTable,
  CampaignsTable,
} from './advertisers.tables.ts';

// ── accounts and funds ─────────────────────────────────────────────────────

/** true when inserted; false when the user already has an account. */
export async function insertAdvertiser(db: Executor, row: AdvertisersTable): Promise<boolean> {
  const inserted = await db
    .insertInto('advertisers')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const findAdvertiserByUser = (db: Executor, userId: string) =>
  db.selectFrom('advertisers').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** true when this payment was recorded now; false when the provider's reference was recorded before. */
export async function insertFunds(db: Executor, row: AdvertiserFundsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('advertiser_funds')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const findFundsByProviderRef = (db: Executor, provider: string, providerRef: string) =>
  db
    .selectFrom('advertiser_funds')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', providerRef)
    .executeTakeFirst();

// ── campaigns ──────────────────────────────────────────────────────────────

export async function insertCampaign(db: Executor, row: CampaignsTable): Promise<void> {
  await db.insertInto('campaigns').values(row).execute();
}

export const findCampaign = (db: Executor, id: string) =>
  db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();

export const listCampaigns = (db: Executor, advertiserId: string) =>
  db
    .selectFrom('campaigns')
    .selectAll()
    .where('advertiser_id', '=', advertiserId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Moves a campaign from one of `from` to `to`; true only for the one call that did it. */
export async function setCampaignStatus(
  db: Executor,
  id: string,
  from: CampaignStatus[],
  to: CampaignStatus,
  at: string,
): Promise<boolean> {
  const ended = to === 'cancelled' || to === 'completed';
  const result = await db
    .updateTable('campaigns')
    .set({ status: to, updated_at: at, ...(ended ? { ended_at: at } : {}) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Counts an impression or click on an active campaign and adds its price to the day's spend, in
 * one conditional UPDATE: it matches nothing when the campaign is no longer active or the day's
 * budget would be passed, so concurrent events can never spend past the daily budget.
 */
export async function countAdEvent(
  db: Executor,
  id: string,
  kind: 'impression' | 'click',
  price: number,
  day: string,
  at: string,
): Promise<boolean> {
  const spentToday = sql<number>`case when spend_day = ${day} then spent_today else 0 end`;
  const result = await db
    .updateTable('campaigns')
    .set({
      impressions: kind === 'impression' ? sql`impressions + 1` : sql`impressions`,
      clicks: kind === 'click' ? sql`clicks + 1` : sql`clicks`,
      spent_today: sql`${spentToday} + ${price}`,
      spend_day: day,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where(sql<boolean>`${spentToday} + ${price} <= daily_budget`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Active campaigns, optionally of one category (case-insensitive), with their company names. */
export function activeCampaigns(db: Executor, category: string | undefined, limit: number) {
  let q = db
    .selectFrom('campaigns as c')
    .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
    .select([
      'c.id',
      'c.title',
      'c.description',
      'c.target_category',
      'c.landing_url',
      'c.daily_budget',
      'c.spend_day',
      'c.spent_today',
      'a.company_name',
      'a.user_id as owner_id',
    ])
    .where('c.status', '=', 'active');
  if (category) q = q.where(sql`lower(c.target_category)`, '=', category.toLowerCase());
  return q.orderBy('c.created_at', 'desc').limit(limit).execute();
}

/**
 * Counts an event when this viewer's last counted one of the same kind on the campaign is over an
 * hour old (or there is none), in one statement, so a burst from one viewer counts once.
 */
export async function claimAdEventWindow(
  db: Executor,
  row: AdEventWindowsTable,
  windowStart: string,
): Promise<boolean> {
  const claimed = await db
    .insertInto('ad_event_windows')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['campaign_id', 'viewer_key', 'kind'])
        .doUpdateSet({ counted_at: row.counted_at })
        .where('ad_event_windows.counted_at', '<=', windowStart),
    )
    .returning('counted_at')
    .executeTakeFirst();
  return claimed !== undefined;
}
