import type { CreatorDaily } from '@app/shared';
import type { AppContext } from '../../context.ts';
import { fillDays, startOfUtcDay, utcDaysUntil } from '../../lib/daily-series.ts';
import { creatorClipDaily } from '../clips/clips.service.ts';
import { creatorCommentsPerDay } from '../comments/comments.service.ts';
import { creatorFollowersPerDay } from '../follows/follows.service.ts';
import { entriesPerDay, userAccountId } from '../ledger/ledger.service.ts';
import { creatorVideoDaily } from '../videos/videos.service.ts';
import { CREATOR_EARNING_KINDS } from './analytics.service.ts';

/** Adds per-day maps together (videos and clips, or several ledger kinds). */
function sumByDay(...maps: Array<Map<string, number>>): Map<string, number> {
  const sum = new Map<string, number>();
  for (const map of maps) for (const [day, n] of map) sum.set(day, (sum.get(day) ?? 0) + n);
  return sum;
}

/**
 * The creator dashboard's chart: what the caller's own videos and clips drew on each of the last
 * `days` UTC days (today included), from the same events and ledger rows as the totals.
 */
export async function creatorDaily(ctx: AppContext, userId: string, days: number): Promise<CreatorDaily> {
  const range = utcDaysUntil(ctx.clock.now(), days);
  const since = startOfUtcDay(range[0]!);
  const [videos, clips, earned, followers, comments] = await Promise.all([
    creatorVideoDaily(ctx, userId, since),
    creatorClipDaily(ctx, userId, since),
    entriesPerDay(ctx.db, { credit: userAccountId(userId), kinds: CREATOR_EARNING_KINDS }, since),
    creatorFollowersPerDay(ctx, userId, since),
    creatorCommentsPerDay(ctx, userId, since),
  ]);
  return {
    days: fillDays(range, {
      views: sumByDay(videos.views, clips.views),
      likes: sumByDay(videos.likes, clips.likes),
      tokens_earned: sumByDay(...earned.map((e) => new Map([[e.day, e.total]]))),
      new_followers: followers,
      comments,
    }),
  };
}
