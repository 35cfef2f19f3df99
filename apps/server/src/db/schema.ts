import type { Role } from '@app/shared';
import type { JobsTable } from '../jobs/job-types.ts';
import type { StreamChatMessagesTable, StreamsTable } from '../modules/streams/streams.tables.ts';
import type {
  ClipLikesTable,
  ClipViewWindowsTable,
  ClipViewsTable,
  ClipsTable,
} from '../modules/clips/clips.tables.ts';
import type { HistorySettingsTable, WatchHistoryTable } from '../modules/history/history.tables.ts';
import type { CommentsTable } from '../modules/comments/comments.tables.ts';
import type { NotificationMutesTable, NotificationsTable } from '../modules/notifications/notifications.tables.ts';
import type { EmailTokensTable } from '../modules/auth/email-tokens.tables.ts';
import type { AddressDailyCountersTable } from '../modules/address-caps/address-caps.tables.ts';
import type {
  AdEventWindowsTable,
  AdvertiserFundsTable,
  AdvertisersTable,
  CampaignsTable,
} from '../modules/advertisers/advertisers.tables.ts';
import type {
  TicketAuditTable,
  TicketCategoriesTable,
  TicketRepliesTable,
  TicketsTable,
} from '../modules/tickets/tickets.tables.ts';
import type {
  FollowsTable,
  VideoCaptionsTable,
  SearchTrigramsTable,
  VideoSearchWordsTable,
  VideoLikesTable,
  VideoViewWindowsTable,
  VideoViewsTable,
  VideosTable,
} from '../modules/videos/videos.tables.ts';
import type {
  PayoutsTable,
  PendingEarningsTable,
  ReferralCodesTable,
  ReferralsTable,
  VideoRatingsTable,
  ViewerDailyCountersTable,
  ViewerEarningEventsTable,
  ViewingSessionsTable,
} from '../modules/viewing/viewing.tables.ts';

/** Kysely table types. Timestamps are ISO-8601 UTC strings in both SQL dialects. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  auth_nonces: AuthNoncesTable;
  email_tokens: EmailTokensTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_ref_totals: LedgerRefTotalsTable;
  videos: VideosTable;
  video_view_windows: VideoViewWindowsTable;
  video_views: VideoViewsTable;
  video_likes: VideoLikesTable;
  video_captions: VideoCaptionsTable;
  follows: FollowsTable;
  jobs: JobsTable;
  ticket_categories: TicketCategoriesTable;
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
  ticket_audit: TicketAuditTable;
  streams: StreamsTable;
  stream_chat_messages: StreamChatMessagesTable;
  clips: ClipsTable;
  clip_likes: ClipLikesTable;
  clip_view_windows: ClipViewWindowsTable;
  clip_views: ClipViewsTable;
  comments: CommentsTable;
  viewing_sessions: ViewingSessionsTable;
  viewer_earning_events: ViewerEarningEventsTable;
  viewer_daily_counters: ViewerDailyCountersTable;
  video_ratings: VideoRatingsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  payouts: PayoutsTable;
  pending_earnings: PendingEarningsTable;
  address_daily_counters: AddressDailyCountersTable;
  advertisers: AdvertisersTable;
  advertiser_funds: AdvertiserFundsTable;
  campaigns: CampaignsTable;
  ad_event_windows: AdEventWindowsTable;
  notifications: NotificationsTable;
  notification_mutes: NotificationMutesTable;
  video_search_words: VideoSearchWordsTable;
  search_trigrams: SearchTrigramsTable;
  watch_history: WatchHistoryTable;
  history_settings: HistorySettingsTable;
}

export interface UsersTable {
  id: string;
  username: string;
  /** lower(username): the unique key, so names are unique case-insensitively. */
  username_key: string;
  email: string | null;
  password_hash: string | null;
  /** EIP-55 checksummed; every lookup normalizes first. */
  wallet_address: string | null;
  role: Role;
  /** when the owner proved the email is theirs; null until then (staff by ADMIN_EMAILS needs it) */
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
  /** when the owner deleted the account (its personal data is gone, the row stays for the ledger); null while it exists */
  deleted_at: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface AuthNoncesTable {
  nonce: string;
  wallet_address: string;
  issued_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Welcome bonuses paid per client network (a keyed hash, never the raw address) and UTC day. */
/** 'user' accounts (every holder: users, advertisers, campaigns) never go below zero; 'system' ones may. */
export type LedgerAccountKind = 'user' | 'system';
/** Tokens count in micro-tokens, rupees in paise; a transfer never mixes the two. */
export type Currency = 'TOKEN' | 'INR';

export interface LedgerAccountsTable {
  id: string;
  kind: LedgerAccountKind;
  user_id: string | null;
  currency: Currency;
  /** in the currency's smallest unit; CHECK keeps user accounts at or above zero. */
  balance: number;
  created_at: string;
  /** 1 for a reward pool: a system account that still never goes below zero (it pays out only what came in) */
  pool: number;
}

export interface LedgerEntriesTable {
  id: string;
  idempotency_key: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: number;
  currency: Currency;
  kind: string;
  ref: string | null;
  created_at: string;
}

/** What entries of one kind moved for one ref ('' for none), kept with the entries. */
export interface LedgerRefTotalsTable {
  ref: string;
  kind: string;
  total: number;
}
