/**
 * The one error shape every API response uses. The client translates `code` (with `field` and
 * `params`) and shows `detail`, the English text, when it has no translation for the code.
 */
export interface ApiErrorBody {
  detail: string;
  code: ErrorCode;
  /** the input the error is about, as a dotted path ("title", "tags.2") */
  field?: string;
  /** values the message names, e.g. `{ max: 100 }` */
  params?: ErrorParams;
}

export type ErrorParams = Record<string, string | number>;

/** Input that fails a shared zod schema: one code per kind of failure, sent with `field` and the bound. */
export const InputErrorCodes = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'too_many_items',
  'invalid_email',
  'invalid_format',
  'invalid_value',
] as const;

export const ErrorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'upload_stalled',
  'unsupported_media_type',
  'rate_limited',
  'insufficient_funds',
  /** an idempotency key sent again with a different request */
  'idempotency_mismatch',
  /** staff deciding their own payout */
  'own_payout',
  /** a decision only an admin may take */
  'admin_required',
  /** an email link's token that is unknown, already used, or for another purpose */
  'token_invalid',
  /** an email link's token past its lifetime */
  'token_expired',
  /** the current password given to confirm an account change is wrong */
  'wrong_password',
  /** another account already uses this email address */
  'email_taken',
  'service_unavailable',
  /** the server's disk is full: nothing was kept, try again later */
  'insufficient_storage',
  'internal',
  ...InputErrorCodes,
  // Accounts and sign-in
  'sign_in_required',
  'session_expired',
  'username_taken',
  'username_reserved',
  'invalid_credentials',
  'wallet_signature_invalid',
  'sign_in_request_expired',
  'too_many_attempts',
  'password_check_busy',
  // Tips, chat and tickets
  'invalid_tip_amount',
  'cannot_tip_own_video',
  'cannot_tip_own_stream',
  'chat_too_fast',
  'stream_not_found',
  'stream_ended',
  'category_required',
  // Videos, clips, follows and watching
  'video_not_found',
  'video_not_playable',
  'cannot_rate_own_video',
  'watch_session_not_found',
  'user_not_found',
  'creator_not_found',
  'cannot_follow_self',
  'clip_not_found',
  'clip_source_not_found',
  'clip_source_not_ready',
  /** a live stream that has recorded nothing to clip yet */
  'nothing_recorded_yet',
  'clip_beyond_source',
  /** text holding the NUL character, which no database column can keep */
  'nul_character',
  // Payouts and referrals
  'payout_below_threshold',
  'payout_already_requested',
  'payout_not_found',
  'payout_already_decided',
  /** something only staff may do */
  'staff_only',
  'referral_code_not_found',
  'own_referral_code',
  'referral_window_passed',
  /** the code of someone this account referred: referrals do not go in circles */
  'referral_code_of_referred',
  'referral_already_recorded',
  // Advertisers and campaigns
  'no_advertiser_account',
  'advertiser_account_exists',
  'advertiser_not_active',
  'budget_exceeds_balance',
  'campaign_not_found',
  /** a pause, resume or cancel that the campaign's status does not allow */
  'campaign_status_conflict',
  'payment_declined',
  /** no payment provider is set up: adding funds is not possible yet */
  'payments_unavailable',
  // Uploads and media limits
  'file_missing',
  'file_too_large',
  'upload_interrupted',
  'not_a_video',
  /** a format that is not a video the site takes */
  'video_format_refused',
  /** a playlist or concat script: a list of other files, not a video */
  'video_refers_to_files',
  'video_too_long',
  'frame_rate_too_high',
  'frame_too_large',
  /** a caption file that is not WebVTT */
  'not_webvtt',
  /** something only the video's creator may do */
  'not_video_creator',
  'too_many_captions',
  /** a thumbnail upload whose bytes are not a JPEG, PNG or WebP picture that decodes */
  'not_an_image',
  /** a frame choice for a video that has no extracted frames (processed before they existed) */
  'thumbnail_frame_unavailable',
  // Streams and tickets
  'not_stream_creator',
  /** an ended stream asked to go live: a new stream is needed */
  'stream_ended_create_new',
  /** a stream that has been on air is kept: it can be ended, not discarded */
  'stream_was_live',
  /** a scheduled stream's start time that has passed */
  'schedule_in_past',
  /** a scheduled stream's start time too far ahead (params.max days) */
  'schedule_too_far',
  /** a creator with as many upcoming scheduled streams as allowed */
  'too_many_scheduled_streams',
  /** editing the schedule of a stream that is not (or no longer) scheduled */
  'stream_not_scheduled',
  /** the recording of a live stream cannot be reached for a moment */
  'recording_unavailable',
  /** WebRTC playback of a stream that is not receiving video right now */
  'stream_not_live',
  /** WebRTC playback is off, or not served by this process for this stream: HLS plays it */
  'webrtc_unavailable',
  /** this stream (or the server) already has as many WebRTC viewers as it takes: HLS plays it */
  'webrtc_full',
  /** one address holds as many WebRTC sessions as it may */
  'webrtc_too_many_sessions',
  /** a WHEP offer that is not an SDP offer for video and sound the server can send */
  'webrtc_offer_invalid',
  /** a WHIP offer that sends no constrained-baseline H.264 video (VP8 only, say) */
  'whip_h264_required',
  /** a WHIP bearer token that is neither the owner's session nor this stream's key */
  'stream_key_invalid',
  /** a publisher for a stream that already receives video (over RTMP, WHIP or the camera socket) */
  'stream_already_receiving',
  'ticket_not_found',
  'not_your_ticket',
  'ticket_closed',
  'assignee_not_staff',
  // Account
  'no_email_address',
  'same_email_address',
  /** a password reset for an account that signs in with its wallet */
  'wallet_account_no_password',
  'username_confirmation_mismatch',
  // Comments
  'comment_not_found',
  /** a reply whose parent is missing or belongs to another video or clip */
  'comment_parent_not_found',
  /** a reply to a reply: comments have one level of replies */
  'comment_reply_to_reply',
  /** the creator turned comments off */
  'comments_disabled',
  /** deleting a comment that is not yours, on content that is not yours */
  'not_comment_author',
  /** changing the comment settings of content that is not yours */
  'not_content_creator',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

/** The part of a zod issue that says what failed; also what the server rebuilds from a route's validation error. */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: unknown;
}

export interface IssueError {
  code: ErrorCode;
  detail: string;
  field?: string;
  params?: ErrorParams;
}

const isErrorCode = (value: unknown): value is ErrorCode => (ErrorCodes as readonly unknown[]).includes(value);

/**
 * A failed zod check as a translatable error: a code for its kind, the field, and the bound it broke.
 * A refinement may name a code of its own with `params: { code }`. The schema's message is the detail.
 */
export function issueError(issue: IssueLike): IssueError {
  const field = issue.path.map(String).join('.') || undefined;
  const base = { detail: issue.message, ...(field ? { field } : {}) };
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  const { code: named, ...params } = (issue.params ?? {}) as { code?: unknown } & ErrorParams;
  if (issue.code === 'custom' && isErrorCode(named))
    return { ...base, code: named, ...(Object.keys(params).length > 0 ? { params } : {}) };
  if (issue.code === 'too_small') {
    if (issue.origin === 'string')
      return min <= 1 ? { ...base, code: 'required' } : { ...base, code: 'too_short', params: { min } };
    if (issue.origin === 'number' || issue.origin === 'bigint') return { ...base, code: 'too_small', params: { min } };
  }
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return { ...base, code: 'too_long', params: { max } };
    if (issue.origin === 'number' || issue.origin === 'bigint') return { ...base, code: 'too_big', params: { max } };
    if (issue.origin === 'array' || issue.origin === 'set') return { ...base, code: 'too_many_items', params: { max } };
  }
  if (issue.code === 'invalid_format')
    return { ...base, code: issue.format === 'email' ? 'invalid_email' : 'invalid_format' };
  return { ...base, code: 'invalid_value' };
}
