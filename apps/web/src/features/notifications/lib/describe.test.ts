import type { Notification } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../../lib/i18n/formatting.ts';
import { describeNotification } from './describe.ts';

const base = { id: 1, created_at: '2026-11-28T10:00:00.000Z', read: false };

describe('describeNotification', () => {
  it.each<[Notification, ReturnType<typeof describeNotification>]>([
    [
      { ...base, kind: 'tip', payload: { actor: 'asha', amount: 2_500_000, video_id: 'v1', video_title: 'Dal' } },
      { key: 'tipVideo', values: { actor: 'asha', amount: '2.5', title: 'Dal' }, to: '/video/v1' },
    ],
    [
      { ...base, kind: 'tip', payload: { actor: 'asha', amount: 1_500_000, stream_id: 's1' } },
      { key: 'tipLive', values: { actor: 'asha', amount: '1.5' }, to: '/stream/s1' },
    ],
    [
      { ...base, kind: 'follow', payload: { actor: 'ravi' } },
      { key: 'follow', values: { actor: 'ravi' }, to: '/profile' },
    ],
    [
      {
        ...base,
        kind: 'reply',
        payload: { actor: 'ravi', target: 'video', target_id: 'v2', title: 'Raga', comment_id: 'c9' },
      },
      { key: 'reply', values: { actor: 'ravi', title: 'Raga' }, to: '/video/v2#comment-c9' },
    ],
    [
      {
        ...base,
        kind: 'comment',
        payload: { actor: 'ravi', target: 'clip', target_id: 'k1', title: 'Drop', comment_id: 'c7' },
      },
      { key: 'comment', values: { actor: 'ravi', title: 'Drop' }, to: '/clips/k1#comment-c7' },
    ],
    [
      { ...base, kind: 'ticket_reply', payload: { ticket_id: 't1', ticket_title: 'Stuck' } },
      { key: 'ticketReply', values: { title: 'Stuck' }, to: '/tickets/t1' },
    ],
    [
      { ...base, kind: 'stream_live', payload: { actor: 'meera', stream_id: 's2', stream_title: 'Yoga' } },
      { key: 'streamLive', values: { actor: 'meera', title: 'Yoga' }, to: '/stream/s2' },
    ],
    [
      { ...base, kind: 'payout_decided', payload: { payout_id: 'p1', status: 'rejected', amount: 600_000 } },
      { key: 'payoutRejected', values: { amount: '₹6,000.00' }, to: '/viewer-earnings' },
    ],
    [
      { ...base, kind: 'video_failed', payload: { video_id: 'v3', video_title: 'Broken' } },
      { key: 'videoFailed', values: { title: 'Broken' }, to: '/library' },
    ],
  ])('says %j as a sentence with a link', (notification, view) => {
    expect(describeNotification(notification, formatsFor('en'))).toEqual(view);
  });

  it("writes amounts in the reader's digits and grouping", () => {
    const payout: Notification = {
      ...base,
      kind: 'payout_decided',
      payload: { payout_id: 'p1', status: 'paid', amount: 12_345_600 },
    };
    expect(describeNotification(payout, formatsFor('bn')).values.amount).toBe('₹১,২৩,৪৫৬.০০');
  });
});
