// No zod here: what the header's bell needs at start (kinds, limits, shapes) loads without the schema library.

/**
 * What a notification is about. `comment` and `reply` are created by the comments module; every
 * other kind by the action it names (a tip, a follow, a staff reply on a ticket, a followed creator
 * going live, a payout decision, a video's processing).
 */
export const NotificationKinds = [
  'tip',
  'follow',
  'comment',
  'reply',
  'ticket_reply',
  'stream_live',
  'payout_decided',
  'video_ready',
  'video_failed',
] as const;
export type NotificationKind = (typeof NotificationKinds)[number];

export const NotificationLimits = {
  pageSize: 20,
  pageMax: 50,
  /** ids one mark-read request may name */
  markMax: 100,
  /** the newest notifications the header's dropdown shows */
  dropdown: 5,
} as const;

/**
 * What each kind carries for a sentence and a link: who acted (username), what it is about (ids and
 * titles) and amounts as integers in the smallest unit (micro-tokens for tips, paise for payouts).
 * Never secrets or bank details.
 */
export interface NotificationPayloads {
  /** `stream_id` for a tip in a live chat, `video_id` for a tip on a video; amount in micro-tokens */
  tip: { actor: string; amount: number; video_id?: string; video_title?: string; stream_id?: string };
  follow: { actor: string };
  /** on a video or a clip (`target`) of the reader's, or (`reply`) under the reader's comment */
  comment: { actor: string; target: 'video' | 'clip'; target_id: string; title: string; comment_id: string };
  reply: { actor: string; target: 'video' | 'clip'; target_id: string; title: string; comment_id: string };
  ticket_reply: { ticket_id: string; ticket_title: string };
  stream_live: { actor: string; stream_id: string; stream_title: string };
  /** amount in paise */
  payout_decided: { payout_id: string; status: 'paid' | 'rejected'; amount: number };
  video_ready: { video_id: string; video_title: string };
  video_failed: { video_id: string; video_title: string };
}

export type NewNotification = {
  [K in NotificationKind]: { kind: K; payload: NotificationPayloads[K] };
}[NotificationKind];

export type Notification = NewNotification & { id: number; created_at: string; read: boolean };
