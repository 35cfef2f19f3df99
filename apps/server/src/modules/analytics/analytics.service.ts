import { microToTokens } from '@app/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { userAccountId } from '../ledger/ledger.service.ts';
import { VideoEarningKinds } from '../videos/videos.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP = 5;
/** Everything a creator earns from their content; the welcome bonus is not earnings. */
const CREATOR_EARNING_KINDS: string[] = Object.values(VideoEarningKinds);

export interface CreatorAnalytics {
  overview: {
    total_views: number;
    total_content: number;
    total_videos: number;
    total_clips: number;
    total_streams: number;
    total_likes: number;
    total_comments: number;
    engagement_rate: number;
    total_tokens_earned: number;
  };
  performance: { top_videos: Array<{ id: string; title: string; views: number }>; top_clips: Array<{ id: string; title: string; views: number }>; recent_views_30d: number };
  revenue: { total_earned: number; avg_per_video: number; estimated_monthly: number };
}

/**
 * Computed from stored rows only: counters on the creator's videos, view events of the last 30
 * days, and ledger credits. Clips, streams and comments count what exists (none until those
 * features land), never invented numbers.
 */
export async function creatorAnalytics(ctx: AppContext, userId: string): Promise<CreatorAnalytics> {
  const since = new Date(Date.now() - 30 * DAY_MS).toISOString();
  const totals = await ctx.db
    .selectFrom('videos')
    .select((eb) => [eb.fn.countAll<number>().as('videos'), eb.fn.coalesce(eb.fn.sum<number>('views'), sql<number>`0`).as('views'), eb.fn.coalesce(eb.fn.sum<number>('likes'), sql<number>`0`).as('likes')])
    .where('creator_id', '=', userId)
    .executeTakeFirstOrThrow();
  const topVideos = await ctx.db
    .selectFrom('videos')
    .select(['id', 'title', 'views'])
    .where('creator_id', '=', userId)
    .where('status', '=', 'ready')
    .orderBy('views', 'desc')
    .orderBy('created_at', 'desc')
    .limit(TOP)
    .execute();
  const recent = await ctx.db
    .selectFrom('video_views as vv')
    .innerJoin('videos as v', 'v.id', 'vv.video_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('v.creator_id', '=', userId)
    .where('vv.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const earned = (after?: string) => {
    let q = ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
      .where('credit_account_id', '=', userAccountId(userId))
      .where('kind', 'in', CREATOR_EARNING_KINDS);
    if (after) q = q.where('created_at', '>=', after);
    return q.executeTakeFirstOrThrow().then((r) => Number(r.total));
  };
  const [total, last30] = await Promise.all([earned(), earned(since)]);

  const videos = Number(totals.videos);
  const views = Number(totals.views);
  const likes = Number(totals.likes);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    overview: {
      total_views: views,
      total_content: videos,
      total_videos: videos,
      total_clips: 0,
      total_streams: 0,
      total_likes: likes,
      total_comments: 0,
      engagement_rate: views > 0 ? round1((likes / views) * 100) : 0,
      total_tokens_earned: microToTokens(total),
    },
    performance: { top_videos: topVideos.map((v) => ({ ...v, views: Number(v.views) })), top_clips: [], recent_views_30d: Number(recent.n) },
    revenue: {
      total_earned: microToTokens(total),
      avg_per_video: videos > 0 ? round1(microToTokens(total) / videos) : 0,
      estimated_monthly: microToTokens(last30),
    },
  };
}
