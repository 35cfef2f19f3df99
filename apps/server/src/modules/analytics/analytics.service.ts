import { microToTokens, type CreatorAnalytics } from '@app/shared';
import type { AppContext } from '../../context.ts';
import { ClipEarningKinds, creatorClipStats } from '../clips/clips.service.ts';
import { creatorCommentCount } from '../comments/comments.service.ts';
import { creditedTo, userAccountId } from '../ledger/ledger.service.ts';
import { StreamEarningKinds, creatorStreamCount } from '../streams/streams.service.ts';
import { VideoEarningKinds, creatorVideoStats } from '../videos/videos.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP = 5;
/** Everything a creator earns from their videos, clips and streams; the welcome bonus is not earnings. */
export const CREATOR_EARNING_KINDS: string[] = [
  ...Object.values(VideoEarningKinds),
  ...Object.values(ClipEarningKinds),
  ...Object.values(StreamEarningKinds),
];

/**
 * The one place a creator's totals come from, for the profile and every dashboard tab alike:
 * counters on the creator's videos and clips (kept with their view and like events), view events of
 * the last 30 days, streams that went on air, comments and replies on them (their kept counters), and
 * ledger credits: what exists, never invented numbers.
 */
export async function creatorAnalytics(ctx: AppContext, userId: string): Promise<CreatorAnalytics> {
  const since = new Date(ctx.clock.now().getTime() - 30 * DAY_MS).toISOString();
  const [{ totals, topVideos, recentViews }, clipStats, streams, comments, total, last30] = await Promise.all([
    creatorVideoStats(ctx, userId, since, TOP),
    creatorClipStats(ctx, userId, since, TOP),
    creatorStreamCount(ctx, userId),
    creatorCommentCount(ctx, userId),
    creditedTo(ctx.db, userAccountId(userId), CREATOR_EARNING_KINDS),
    creditedTo(ctx.db, userAccountId(userId), CREATOR_EARNING_KINDS, since),
  ]);
  const { videos } = totals;
  const clips = clipStats.totals.clips;
  const views = totals.views + clipStats.totals.views;
  const likes = totals.likes + clipStats.totals.likes;
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    overview: {
      total_views: views,
      total_content: videos + clips,
      total_videos: videos,
      total_clips: clips,
      total_streams: streams,
      total_likes: likes,
      total_comments: comments,
      engagement_rate: views > 0 ? round1((likes / views) * 100) : 0,
      total_tokens_earned: microToTokens(total),
    },
    performance: {
      top_videos: topVideos,
      top_clips: clipStats.topClips,
      recent_views_30d: recentViews + clipStats.recentViews,
    },
    revenue: {
      total_earned: microToTokens(total),
      avg_per_video: videos + clips > 0 ? round1(microToTokens(total) / (videos + clips)) : 0,
      estimated_monthly: microToTokens(last30),
    },
  };
}
