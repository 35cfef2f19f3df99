import type { CampaignStatus } from '@app/shared';

/** Table types of the advertisers feature (merged into the Database interface in db/schema.ts). */
export interface AdvertisersTable {
  id: string;
  user_id: string;
  company_name: string;
  contact_email: string;
  contact_phone: string | null;
  account_status: string;
  verification_status: string;
  created_at: string;
  updated_at: string;
}

/** Every successful add-funds payment; the ledger entry refers to it. */
export interface AdvertiserFundsTable {
  id: string;
  advertiser_id: string;
  /** paise */
  amount: number;
  provider: string;
  provider_ref: string;
  created_at: string;
}

export interface CampaignsTable {
  id: string;
  advertiser_id: string;
  title: string;
  description: string;
  target_category: string;
  landing_url: string | null;
  /** paise */
  budget: number;
  daily_budget: number;
  status: CampaignStatus;
  impressions: number;
  clicks: number;
  /** UTC day that spent_today counts */
  spend_day: string | null;
  spent_today: number;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

/** The last counted impression or click per viewer and campaign: at most one per hour. */
export interface AdEventWindowsTable {
  campaign_id: string;
  viewer_key: string;
  kind: 'impression' | 'click';
  counted_at: string;
}
