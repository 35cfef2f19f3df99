import type { EarningCategory } from '@app/shared';

/**
 * The rupee side of the ledger (currency INR, amounts in paise). Holder accounts never go below
 * zero; the gateway and the reward pools are system accounts (the issuing side), like the token mint.
 *
 *   advertiser deposit   gateway            → advertiser
 *   campaign budget      advertiser         ⇄ campaign           (cancel returns what is left)
 *   ad charge            campaign           → ad clearing        → creators pool 70 %, viewer pools 15 %, platform 15 %
 *   viewer reward        viewer pool (category) → viewer earnings
 *   creator reward       creators pool      → creator earnings
 *   payout               earnings           → payouts pending    → gateway (paid) or back (rejected)
 */
export const RupeeAccount = {
  /** money that entered from or left to the outside world (payment provider, bank transfers) */
  gateway: 'system:inr:gateway',
  /** the platform's share of ad spend */
  platform: 'inr:platform',
  /** a charge passes through here and is split in the same transaction: always 0 between transactions */
  adClearing: 'inr:ad-clearing',
  /** payouts requested and not yet paid or rejected */
  payoutsPending: 'inr:payouts-pending',
  creatorsPool: 'system:inr:pool:creators',
  pool: (category: EarningCategory) => `system:inr:pool:${category}`,
  earnings: (userId: string) => `inr:earnings:${userId}`,
  advertiser: (advertiserId: string) => `inr:advertiser:${advertiserId}`,
  campaign: (campaignId: string) => `inr:campaign:${campaignId}`,
} as const;
