/**
 * Every rate of the viewer-earnings and advertising economy, in one place (README: "Earnings and
 * advertising"). Money is integer paise; ₹1 = 100 paise. The server applies these rules and the web
 * shows them, so both read this file.
 */
export const EarningsRules = {
  /** a payout needs this much unpaid earnings (₹5,000) */
  payoutThreshold: 500_000,
  /** the most one viewer can earn in one day (UTC), over every category together (₹250) */
  dailyCap: 25_000,
  /** a watch session qualifies once this share of the video was watched */
  qualifyPercent: 75,
  /** how often the player reports progress while playing */
  heartbeatSeconds: 10,
  /** a gap between two heartbeats credits at most this much watch time, however long it was */
  maxCreditPerHeartbeatSeconds: 30,

  /** watch time: per minute the server measured, paid when a session qualifies (₹0.60/min) */
  watchPerMinute: 60,
  /** what the video's creator earns from the creators' pool for each qualified watch by someone else (₹0.50) */
  creatorPerQualifiedWatch: 50,
  /** engagement: per like (first like of a video), tip and chat message */
  engagement: { like: 20, tip: 50, chat: 5 },
  /** how many engagements of each kind pay per day */
  engagementDailyLimit: { like: 50, tip: 20, chat: 40 },
  /** discovery: the first qualified watch of a creator who is still new (₹1) */
  discovery: 100,
  /** a creator is new while their videos have fewer qualified watches than this */
  newCreatorWatches: 50,
  /** quality feedback: rating a video (1–5 stars) you watched past the qualifying share (₹0.30) */
  rating: 30,
  ratingDailyLimit: 20,
  /** moderation: a content report through the help centre (₹0.50) */
  report: 50,
  reportDailyLimit: 5,
  /** referral: when someone who signed up with your code completes their first qualified watch (₹20) */
  referral: 2_000,
  /** a referral code can be entered only by accounts younger than this */
  referralWindowDays: 7,
} as const;

export const EarningCategories = [
  'watch_time',
  'engagement',
  'discovery',
  'quality_feedback',
  'moderation',
  'referral',
] as const;
export type EarningCategory = (typeof EarningCategories)[number];

/** Shares (percent) of the viewers' part of ad spend that fund each category; they sum to 100. */
export const CategoryShares: Record<EarningCategory, number> = {
  watch_time: 40,
  engagement: 25,
  discovery: 15,
  quality_feedback: 10,
  moderation: 5,
  referral: 5,
};

/** How advertiser spend is split (percent): creators, viewers, platform. */
export const AdSpendSplit = { creators: 70, viewers: 15, platform: 15 } as const;

/** Campaign prices and add-funds limits, in paise. */
export const AdRules = {
  /** charged for an impression (counted at most once per viewer per campaign per hour) */
  impressionPrice: 20,
  /** charged for a click (likewise) */
  clickPrice: 500,
  /** add funds: at least ₹1,000 in steps of ₹100, at most ₹10,00,000 at once */
  minFunds: 100_000,
  fundsStep: 10_000,
  maxFunds: 100_000_000,
  /** a campaign's budget and daily budget */
  minBudget: 10_000,
  minDailyBudget: 1_000,
  /** sponsored cards shown in one feed page */
  cardsPerFeed: 2,
} as const;

/**
 * Splits an integer amount by integer percentages that sum to 100: every part is rounded down and
 * the remainder goes to the first part, so the parts always add up to the amount exactly.
 */
export function splitByShares<K extends string>(amount: number, shares: Record<K, number>): Record<K, number> {
  const keys = Object.keys(shares) as K[];
  const parts = Object.fromEntries(keys.map((k) => [k, Math.floor((amount * shares[k]) / 100)])) as Record<K, number>;
  const rest = amount - keys.reduce((sum, k) => sum + parts[k], 0);
  parts[keys[0]!] += rest;
  return parts;
}
