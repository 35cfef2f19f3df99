import { z } from 'zod';
import type { EarningCategory } from './earnings-rules.ts';

/** How many UTC days a per-day series may span: the charts of the dashboards. */
export const DailyLimits = { minDays: 1, maxDays: 90, defaultDays: 30 } as const;

/** `?days=N` of every per-day series endpoint. */
export const DailyQuerySchema = z.object({
  days: z.coerce.number().int().min(DailyLimits.minDays).max(DailyLimits.maxDays).default(DailyLimits.defaultDays),
});
export type DailyQuery = z.infer<typeof DailyQuerySchema>;

/** One UTC day (YYYY-MM-DD) of a series; every day of the range is present, oldest first, zeros filled. */
export interface DayPoint {
  date: string;
}

/** GET /api/analytics/creator/daily: what the caller's own videos and clips drew each day. */
export interface CreatorDay extends DayPoint {
  views: number;
  likes: number;
  /** micro-tokens credited to the creator that day (views, likes, tips, clips, streams) */
  tokens_earned: number;
  new_followers: number;
  comments: number;
}
export interface CreatorDaily {
  days: CreatorDay[];
}

/** GET /api/earnings/daily: the caller's viewer earnings each day, in paise, per category. */
export type EarningsDay = DayPoint & Record<EarningCategory | 'creator', number>;
export interface EarningsDaily {
  days: EarningsDay[];
}

/** GET /api/advertisers/campaigns/:id/daily: one of the caller's campaigns, each day. */
export interface CampaignDay extends DayPoint {
  impressions: number;
  clicks: number;
  /** paise charged to the campaign that day */
  spend: number;
}
export interface CampaignDaily {
  days: CampaignDay[];
}
