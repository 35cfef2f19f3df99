import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { AdRules } from './earnings-rules.ts';
import { rupeesToPaise } from './money.ts';
import { VideoCategories } from './video-rules.ts';

export const AdvertiserLimits = { companyMax: 120, titleMax: 100, descriptionMax: 500, urlMax: 500 } as const;

/** Texts of the advertiser forms' checks; the server answers with the same ones. */
export const AdvertiserErrors = {
  company: 'Please enter your company name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  fundsMin: 'Minimum ₹1000',
  fundsStep: 'Amounts go in steps of ₹100',
  fundsMax: 'At most ₹10,00,000 at once',
  title: 'Please enter a campaign title',
  budget: 'The budget must be at least ₹100',
  dailyBudget: 'The daily budget must be at least ₹10 and at most the budget',
  category: 'Please choose a target category',
  url: 'The link must start with https:// or http://',
} as const;

const optionalText = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(max).optional());

export const AdvertiserAccountCreateSchema = z.object({
  company_name: z
    .string({ error: AdvertiserErrors.company })
    .trim()
    .min(1, AdvertiserErrors.company)
    .max(AdvertiserLimits.companyMax),
  // EmailSchema's message is AdvertiserErrors.email; a missing email gets it too.
  contact_email: z.preprocess((v) => v ?? '', EmailSchema),
  contact_phone: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 -]{6,19}$/, AdvertiserErrors.phone)
      .optional(),
  ),
});
export type AdvertiserAccountCreate = z.infer<typeof AdvertiserAccountCreateSchema>;

/** A rupee amount with at most 2 decimals, as integer paise. */
const rupees = (message: string) =>
  z.number({ error: message }).transform((v, ctx) => {
    const paise = rupeesToPaise(v);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return paise;
  });

/** Add funds: at least ₹1000 in steps of ₹100, enforced on the server too. Output: paise. */
export const AddFundsSchema = z.object({
  amount: rupees(AdvertiserErrors.fundsMin)
    .refine((p) => p >= AdRules.minFunds, AdvertiserErrors.fundsMin)
    .refine((p) => p % AdRules.fundsStep === 0, AdvertiserErrors.fundsStep)
    .refine((p) => p <= AdRules.maxFunds, AdvertiserErrors.fundsMax),
});

/** A new campaign; budget and daily budget arrive in rupees and leave as paise. */
export const CampaignCreateSchema = z
  .object({
    title: z
      .string({ error: AdvertiserErrors.title })
      .trim()
      .min(1, AdvertiserErrors.title)
      .max(AdvertiserLimits.titleMax),
    description: optionalText(AdvertiserLimits.descriptionMax).transform((v) => v ?? ''),
    budget: rupees(AdvertiserErrors.budget).refine((p) => p >= AdRules.minBudget, AdvertiserErrors.budget),
    daily_budget: rupees(AdvertiserErrors.dailyBudget).refine(
      (p) => p >= AdRules.minDailyBudget,
      AdvertiserErrors.dailyBudget,
    ),
    target_category: z.enum(VideoCategories, { error: AdvertiserErrors.category }),
    landing_url: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .trim()
        .max(AdvertiserLimits.urlMax)
        .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, AdvertiserErrors.url)
        .optional(),
    ),
  })
  .refine((c) => c.daily_budget <= c.budget, { message: AdvertiserErrors.dailyBudget, path: ['daily_budget'] });
export type CampaignCreate = z.infer<typeof CampaignCreateSchema>;

export const CampaignStatuses = ['active', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CampaignStatuses)[number];
export const CampaignActions = ['pause', 'resume', 'cancel'] as const;
export type CampaignAction = (typeof CampaignActions)[number];

/** Rupee amounts below are numbers of rupees (two decimals at most). */
export interface AdvertiserAccount {
  id: string;
  company_name: string;
  contact_email: string;
  contact_phone: string | null;
  account_balance: number;
  account_status: string;
  verification_status: string;
  created_at: string;
}

export interface AdvertiserSummary {
  account_balance: number;
  active_campaigns: number;
  total_views: number;
  avg_ctr: number;
  total_campaigns: number;
  total_spent: number;
  total_impressions: number;
  total_clicks: number;
}

export interface AdvertiserDashboard {
  account: AdvertiserAccount;
  summary: AdvertiserSummary;
}

export interface Campaign {
  id: string;
  title: string;
  description: string;
  status: CampaignStatus;
  budget: number;
  spent_amount: number;
  remaining_budget: number;
  views: number;
  clicks: number;
  daily_budget: number;
  target_category: string;
  landing_url: string | null;
  created_at: string;
}

/** What a feed shows of an active campaign. */
export interface SponsoredCampaign {
  id: string;
  title: string;
  description: string;
  company_name: string;
  target_category: string;
  landing_url: string | null;
}
