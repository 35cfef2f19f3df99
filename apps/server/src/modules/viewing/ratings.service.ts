import { EarningsRules, type VideoRating } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

import { getVideo } from '../videos/videos.service.ts';
import { payRewards } from './rewards.service.ts';
import * as repo from './viewing.repository.ts';
import { writeTransaction } from '../../db/group-commit.ts';

const rounded = (n: number) => Math.round(n * 10) / 10;

export async function videoRating(ctx: AppContext, videoId: string, viewer?: UsersTable): Promise<VideoRating> {
  const video = await getVideo(ctx, videoId, viewer);
  const { average, count } = await repo.ratingSummary(ctx.db, video.id);
  return { average: rounded(average), count, mine: viewer ? await repo.ratingBy(ctx.db, video.id, viewer.id) : null };
}

/**
 * Rates a video 1–5 stars (a later rating replaces the earlier one). Quality feedback pays once per
 * video, and only from a viewer who watched it past the qualifying share: rating unseen videos earns nothing.
 */
export async function rateVideo(
  ctx: AppContext,
  user: UsersTable,
  videoId: string,
  stars: number,
): Promise<VideoRating & { earned: number }> {
  const video = await getVideo(ctx, videoId, user);
  if (video.creator_id === user.id)
    throw badRequest('You cannot rate your own video', { code: 'cannot_rate_own_video' });
  const now = ctx.clock.now();
  const earned = await writeTransaction(ctx.db, async (trx) => {
    await repo.upsertRating(trx, video.id, user.id, stars, now.toISOString());
    if (!(await repo.hasQualifiedWatch(trx, user.id, video.id))) return 0;
    const eventKey = `rating:${user.id}:${video.id}`;
    const paid = await payRewards(
      trx,
      [
        {
          userId: user.id,
          category: 'quality_feedback',
          amount: EarningsRules.rating,
          eventKey,
          ref: video.id,
          dailyLimit: { counter: 'rating', perDay: EarningsRules.ratingDailyLimit },
        },
      ],
      now,
    );
    return paid.get(eventKey) ?? 0;
  });
  return { ...(await videoRating(ctx, video.id, user)), earned: earned / 100 };
}
