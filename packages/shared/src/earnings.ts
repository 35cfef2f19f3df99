import { z } from 'zod';

export const PayoutMethods = ['bank_transfer', 'upi'] as const;
export type PayoutMethod = (typeof PayoutMethods)[number];
export const PayoutStatuses = ['pending', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PayoutStatuses)[number];

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UPI_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

/** Texts of the payout form's checks; the server answers with the same ones. */
export const PayoutErrors = {
  bankFields: 'Please fill in all bank details',
  accountNumber: 'Please enter a valid account number (9 to 18 digits)',
  ifsc: 'Please enter a valid IFSC code (like HDFC0001234)',
  upiRequired: 'Please enter your UPI ID',
  upi: 'Please enter a valid UPI ID (like name@bank)',
} as const;

const text = z.string().trim().max(200).optional();

/** The spec's payload: payout_method and bank_details (bank fields, or upi_id for UPI). */
export const PayoutRequestSchema = z
  .object({
    payout_method: z.enum(PayoutMethods, { error: 'Please choose a payout method' }),
    bank_details: z
      .object({
        account_holder_name: text,
        account_number: z
          .string()
          .trim()
          .max(40)
          .transform((v) => v.replace(/[\s-]/g, ''))
          .optional(),
        ifsc_code: z
          .string()
          .trim()
          .max(20)
          .transform((v) => v.toUpperCase())
          .optional(),
        bank_name: text,
        upi_id: z.string().trim().max(320).optional(),
      })
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    const d = v.bank_details ?? {};
    // Issues sit at the root so the answer's detail is the plain sentence the form shows.
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message, path: [] });
    if (v.payout_method === 'bank_transfer') {
      if (!d.account_holder_name || !d.account_number || !d.ifsc_code || !d.bank_name)
        return fail(PayoutErrors.bankFields);
      if (!ACCOUNT_NUMBER_PATTERN.test(d.account_number)) return fail(PayoutErrors.accountNumber);
      if (!IFSC_PATTERN.test(d.ifsc_code)) return fail(PayoutErrors.ifsc);
    } else {
      if (!d.upi_id) return fail(PayoutErrors.upiRequired);
      if (!UPI_PATTERN.test(d.upi_id)) return fail(PayoutErrors.upi);
    }
  })
  .transform((v) => {
    const d = v.bank_details ?? {};
    return v.payout_method === 'bank_transfer'
      ? {
          payout_method: 'bank_transfer' as const,
          bank_details: {
            account_holder_name: d.account_holder_name!,
            account_number: d.account_number!,
            ifsc_code: d.ifsc_code!,
            bank_name: d.bank_name!,
          },
        }
      : { payout_method: 'upi' as const, bank_details: { upi_id: d.upi_id! } };
  });
export type PayoutRequest = z.infer<typeof PayoutRequestSchema>;
export type BankDetails = PayoutRequest['bank_details'];

export const PayoutDecisionSchema = z.object({
  status: z.enum(['paid', 'rejected'], { error: 'status must be paid or rejected' }),
  note: z.string().trim().max(500).optional(),
});
export const PayoutListQuerySchema = z.object({ status: z.enum(PayoutStatuses).optional() });

export const WatchSessionStartSchema = z.object({ video_id: z.string().trim().min(1).max(64) });
export const HeartbeatSchema = z.object({
  /** the player's position in seconds */
  position: z.number({ error: 'position must be a number of seconds' }).min(0).max(86_400),
  /** false while the video is paused, muted or in a hidden tab: the position is noted, nothing is credited */
  active: z.boolean().default(true),
});
export const VideoRatingSchema = z.object({
  rating: z
    .number({ error: 'Please choose 1 to 5 stars' })
    .int('Please choose 1 to 5 stars')
    .min(1, 'Please choose 1 to 5 stars')
    .max(5, 'Please choose 1 to 5 stars'),
});
export const ReferralClaimSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,16}$/, 'This referral code is not valid'),
});

/** GET /api/viewing/earnings (the viewer earnings page, with the referral code and pending payouts). Rupees. */
export interface ViewerEarnings {
  total_monthly_earnings: number;
  lifetime_earnings: number;
  progress_to_payout: number;
  amount_needed_for_payout: number;
  videos_watched: number;
  total_watch_time: number;
  engagements_made: number;
  quality_reviews_given: number;
  total_payouts: number;
  last_payout_amount: number | null;
  last_payout_date: string | null;
  watch_time_earnings: number;
  engagement_earnings: number;
  discovery_earnings: number;
  quality_feedback_earnings: number;
  moderation_earnings: number;
  referral_earnings: number;
  creator_earnings: number;
  today_earnings: number;
  daily_cap: number;
  pending_payouts: number;
  /** earned, but the ad money that funds it has not come in yet: credited as it arrives */
  pending_earnings: number;
  payout_threshold: number;
  referral_code: string;
  referrals: number;
}

/** A watch session, as the earnings page lists it: one of video_id, clip_id or stream_id. */
export interface ViewingSession {
  id: string;
  video_id: string | null;
  clip_id: string | null;
  stream_id: string | null;
  video_title: string | null;
  watch_duration: number;
  watch_percentage: number;
  qualified: boolean;
  viewer_earnings: number;
  created_at: string;
}

export interface WatchSessionStarted {
  session_id: string;
  heartbeat_seconds: number;
  qualify_percent: number;
}

/** Where the signed-in viewer last stopped in a video (seconds), or null when never watched. */
export interface WatchPosition {
  position: number | null;
}

export interface HeartbeatResult {
  session_id: string;
  watch_duration: number;
  watch_percentage: number;
  qualified: boolean;
  viewer_earnings: number;
}

export interface Payout {
  id: string;
  amount: number;
  payout_method: PayoutMethod;
  /** masked: never the full account number or UPI ID */
  bank_details: Record<string, string>;
  status: PayoutStatus;
  created_at: string;
  decided_at: string | null;
  note: string | null;
  username?: string;
}

export interface VideoRating {
  average: number;
  count: number;
  mine: number | null;
}
