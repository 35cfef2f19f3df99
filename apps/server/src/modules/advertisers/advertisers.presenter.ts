import { paiseToRupees, type AdvertiserAccount, type Campaign, type SponsoredCampaign } from '@app/shared';
import type { AdvertisersTable, CampaignsTable } from './advertisers.tables.ts';

export function presentAccount(row: AdvertisersTable, balancePaise: number): AdvertiserAccount {
  return {
    id: row.id,
    company_name: row.company_name,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    account_balance: paiseToRupees(balancePaise),
    account_status: row.account_status,
    verification_status: row.verification_status,
    created_at: row.created_at,
  };
}

/** A campaign row → the API's campaign; spent and remaining come from the ledger. */
export function presentCampaign(row: CampaignsTable, spentPaise: number, remainingPaise: number): Campaign {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    budget: paiseToRupees(Number(row.budget)),
    spent_amount: paiseToRupees(spentPaise),
    remaining_budget: paiseToRupees(remainingPaise),
    views: Number(row.impressions),
    clicks: Number(row.clicks),
    daily_budget: paiseToRupees(Number(row.daily_budget)),
    target_category: row.target_category,
    landing_url: row.landing_url,
    created_at: row.created_at,
  };
}

export const presentSponsored = (row: {
  id: string;
  title: string;
  description: string;
  company_name: string;
  target_category: string;
  landing_url: string | null;
}): SponsoredCampaign => ({
  id: row.id,
  title: row.title,
  description: row.description,
  company_name: row.company_name,
  target_category: row.target_category,
  landing_url: row.landing_url,
});
