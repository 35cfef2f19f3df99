import type { EarningCategory, PayoutMethod, PayoutStatus } from '@app/shared';

/** Table types of the viewing feature (merged into the Database interface in db/schema.ts). */
export interface ViewingSessionsTable {
  id: string;
  user_id: string;
  video_id: string;
  /** the video's creator when the session opened: their own watches never earn */
  creator_id: string;
  duration_ms: number;
  /** the last position the player reported */
  position_ms: number;
  /** server time of the last heartbeat: credit never exceeds the real time since */
  last_beat_at: string;
  /** play time credited (a re-watched part counts again here) */
  watched_ms: number;
  /** JSON list of merged [start, end] ranges of the video that were credited */
  covered: string;
  covered_ms: number;
  qualified_at: string | null;
  created_at: string;
}

export interface ViewerEarningEventsTable {
  key: string;
  user_id: string;
  category: EarningCategory | 'creator';
  created_at: string;
}

export interface ViewerDailyCountersTable {
  user_id: string;
  /** UTC date, YYYY-MM-DD */
  day: string;
  counter: string;
  value: number;
}

export interface VideoRatingsTable {
  video_id: string;
  user_id: string;
  stars: number;
  created_at: string;
  updated_at: string;
}

export interface ReferralCodesTable {
  user_id: string;
  code: string;
  created_at: string;
}

export interface ReferralsTable {
  referred_user_id: string;
  referrer_user_id: string;
  created_at: string;
  rewarded_at: string | null;
}

export interface PayoutsTable {
  id: string;
  user_id: string;
  /** paise */
  amount: number;
  method: PayoutMethod;
  /** AES-256-GCM sealed JSON of the bank or UPI details */
  details_sealed: string;
  /** JSON of the masked details, for display */
  details_masked: string;
  status: PayoutStatus;
  note: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** Earnings a pool could not fund when they were earned: credited, oldest first, as ad money arrives. */
export interface PendingEarningsTable {
  /** the earning event (its ledger key is `earn:` + this) */
  event_key: string;
  user_id: string;
  category: EarningCategory | 'creator';
  ref: string;
  /** paise still owed */
  amount: number;
  created_at: string;
}
