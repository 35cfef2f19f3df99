import type { CampaignDaily } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { fillDays, startOfUtcDay, utcDaysUntil } from '../../lib/daily-series.ts';
import { entriesPerDay } from '../ledger/ledger.service.ts';
import { RupeeAccount } from '../ledger/rupee-accounts.ts';
import * as repo from './advertisers.repository.ts';
import { AD_CHARGE, requireAdvertiser } from './advertisers.service.ts';
import { CAMPAIGN_NOT_FOUND } from './campaigns.service.ts';

/**
 * One of the caller's campaigns on each of the last `days` UTC days: every counted impression and
 * click is one charge in the ledger (its key names the kind), so counts and spend come from there.
 * Someone else's campaign is "not found", the same answer as one that does not exist.
 */
export async function campaignDaily(
  ctx: AppContext,
  user: UsersTable,
  id: string,
  days: number,
): Promise<CampaignDaily> {
  const advertiser = await requireAdvertiser(ctx.db, user);
  const campaign = await repo.findCampaign(ctx.db, id);
  if (!campaign || campaign.advertiser_id !== advertiser.id)
    throw notFound(CAMPAIGN_NOT_FOUND, { code: 'campaign_not_found' });
  const range = utcDaysUntil(ctx.clock.now(), days);
  const since = startOfUtcDay(range[0]!);
  const charges = (kind: 'impression' | 'click') =>
    entriesPerDay(
      ctx.db,
      { debit: RupeeAccount.campaign(id), kinds: [AD_CHARGE], keyPrefix: `ad:${id}:${kind}:` },
      since,
    );
  const [impressions, clicks] = await Promise.all([charges('impression'), charges('click')]);
  const spend = new Map<string, number>();
  for (const e of [...impressions, ...clicks]) spend.set(e.day, (spend.get(e.day) ?? 0) + e.total);
  return {
    days: fillDays(range, {
      impressions: new Map(impressions.map((e) => [e.day, e.count])),
      clicks: new Map(clicks.map((e) => [e.day, e.count])),
      spend,
    }),
  };
}
