import { microToTokens, type Notification } from '@app/shared';
import type { Formats } from '../../../lib/i18n/formatting.ts';

/** What a notification says (a translation key under `notifications.text` and its values) and where it leads. */
export interface NotificationView {
  key: string;
  values: Record<string, string>;
  to: string;
}

/** `format`: the reader's language's numbers (lib/i18n/formatting.ts). */
export function describeNotification(n: Notification, format: Formats): NotificationView {
  switch (n.kind) {
    case 'tip': {
      const amount = format.tokens(microToTokens(n.payload.amount));
      const { actor } = n.payload;
      if (n.payload.video_id)
        return {
          key: 'tipVideo',
          values: { actor, amount, title: n.payload.video_title ?? '' },
          to: `/video/${n.payload.video_id}`,
        };
      return { key: 'tipLive', values: { actor, amount }, to: `/stream/${n.payload.stream_id ?? ''}` };
    }
    case 'follow':
      return { key: 'follow', values: { actor: n.payload.actor }, to: '/profile' };
    case 'comment':
    case 'reply':
      return {
        key: n.kind,
        values: { actor: n.payload.actor, title: n.payload.title },
        to: `/${n.payload.target === 'clip' ? 'clips' : 'video'}/${n.payload.target_id}#comment-${n.payload.comment_id}`,
      };
    case 'ticket_reply':
      return { key: 'ticketReply', values: { title: n.payload.ticket_title }, to: `/tickets/${n.payload.ticket_id}` };
    case 'stream_live':
      return {
        key: 'streamLive',
        values: { actor: n.payload.actor, title: n.payload.stream_title },
        to: `/stream/${n.payload.stream_id}`,
      };
    case 'payout_decided':
      return {
        key: n.payload.status === 'paid' ? 'payoutPaid' : 'payoutRejected',
        values: { amount: format.rupees(n.payload.amount) },
        to: '/viewer-earnings',
      };
    case 'video_ready':
      return { key: 'videoReady', values: { title: n.payload.video_title }, to: `/video/${n.payload.video_id}` };
    case 'video_failed':
      return { key: 'videoFailed', values: { title: n.payload.video_title }, to: '/library' };
  }
}
