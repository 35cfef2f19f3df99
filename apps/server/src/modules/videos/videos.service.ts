import {
  Rewards,
  microToTokens,
  tokensToMicro,
  type TipReceived,
  type UserContentQuery,
  VideoListQuerySchema,
  VideoListSchema,
  type Video,
  type VideoList,
  type VideoListQuery,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import { isForeignKeyViolation, type Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';

import {
  SystemAccount,
  balanceOf,
  earnedByRef,
  latestCreditsOfKind,
  transfer,
  userAccountId,
} from '../ledger/ledger.service.ts';
import { withinAddressCap } from '../address-caps/address-caps.service.ts';
import { notifyWithin, pushCommitted, type PendingNotification } from '../notifications/notifications.service.ts';
import { recordEngagement } from '../viewing/rewards.service.ts';
import { presentVideo } from './videos.presenter.ts';
import * as repo from './videos.repository.ts';
import { writeTransaction } from '../../db/group-commit.ts';

export const VIDEO_NOT_FOUND = 'Video Not Found';
/** Ledger kinds that count toward a video's tokens_earned. */
export const VideoEarningKinds = {
  upload: 'upload_reward',
  view: 'view_reward',
  like: 'like_reward',
  tip: 'video_tip',
} as const;
const earningKinds = Object.values(VideoEarningKinds);
const DAY_MS = 24 * 60 * 60 * 1000;
/** Where a view's 24-hour window starts: a view counted after this repeats it. */
const dayBefore = (now: Date): string => new Date(now.getTime() - DAY_MS).toISOString();

/**
 * A write that adds a row referring to the video (a view, a like) fails on the foreign key when the
 * video was deleted between its read and its commit (PostgreSQL runs them side by side): that is the
 * video not being there, not a server error.
 */
const goneIsNotFound = (err: unknown): never => {
  if (isForeignKeyViolation(err)) throw notFound(VIDEO_NOT_FOUND, { code: 'video_not_found' });
  throw err;
};

async function present(db: Executor, rows: repo.VideoRow[]): Promise<Video[]> {
  const earned = await earnedByRef(
    db,
    earningKinds,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentVideo(r, earned.get(r.id) ?? 0));
}

export async function listFeed(ctx: AppContext, query: VideoListQuery): Promise<Video[]> {
  return present(ctx.db, await repo.listVideos(ctx.db, query));
}

/** The home page's first feed page in the read cache, under an address no API read has. */
const HOME_PAGE_KEY = '/';

/**
 * The home feed's first page as an anonymous visitor gets it from GET /api/videos, shaped by the
 * response schema (nothing else leaves), for the home page's HTML. Kept in the read cache like the
 * API's pages, so a flood of visits to `/` costs no query, and dropped by the same writes.
 */
export async function firstHomePage(ctx: AppContext): Promise<VideoList> {
  const kept = ctx.readCache.get('videos', HOME_PAGE_KEY);
  if (kept) return JSON.parse(kept.body.toString()) as VideoList;
  const page = VideoListSchema.parse({ videos: await listFeed(ctx, VideoListQuerySchema.parse({})) });
  ctx.readCache.set('videos', HOME_PAGE_KEY, JSON.stringify(page));
  return page;
}

export async function listForCreator(ctx: AppContext, creatorId: string): Promise<Video[]> {
  return present(ctx.db, await repo.listByCreator(ctx.db, creatorId));
}

/** A creator's videos on their profile: the ready ones, and for the creator also those processing or failed. */
export async function listCreatorVideos(
  ctx: AppContext,
  creatorId: string,
  page: UserContentQuery,
  viewer?: UsersTable,
): Promise<Video[]> {
  return present(ctx.db, await repo.listCreatorPage(ctx.db, creatorId, { ...page, all: viewer?.id === creatorId }));
}

export async function listFromCreators(ctx: AppContext, creatorIds: string[], query: VideoListQuery): Promise<Video[]> {
  return present(ctx.db, await repo.listVideos(ctx.db, query, creatorIds));
}

/** Ready videos by id, for lists of other features (a user's history); the missing ones are left out. */
export async function readyVideos(ctx: AppContext, ids: string[]): Promise<Map<string, Video>> {
  const videos = await present(ctx.db, await repo.findReadyVideos(ctx.db, ids));
  return new Map(videos.map((v) => [v.id, v]));
}

/** The row when `viewer` may see it: a ready video for anyone, a processing or failed one only for its creator. */
function seenBy<T extends repo.VideoTarget>(row: T | undefined, viewer?: UsersTable): T {
  if (!row || (row.status !== 'ready' && row.creator_id !== viewer?.id))
    throw notFound(VIDEO_NOT_FOUND, { code: 'video_not_found' });
  return row;
}

/** A ready video for anyone; a processing or failed one only for its creator. */
export const visibleVideo = async (db: Executor, id: string, viewer?: UsersTable): Promise<repo.VideoRow> =>
  seenBy(await repo.findVideo(db, id), viewer);

/** What a view, like or tip needs of a video `viewer` may see (a narrow read: they come by the thousand). */
const visibleTarget = async (db: Executor, id: string, viewer?: UsersTable): Promise<repo.VideoTarget> =>
  seenBy(await repo.findVideoTarget(db, id), viewer);

/** A video row in any status, for features built on videos (clips check status themselves). */
export const findVideoRow = (db: Executor, id: string): Promise<repo.VideoRow | undefined> => repo.findVideo(db, id);

export async function getVideo(ctx: AppContext, id: string, viewer?: UsersTable): Promise<Video> {
  const [video] = await present(ctx.db, [await visibleVideo(ctx.db, id, viewer)]);
  return video!;
}

/**
 * Counts a view once per viewer per video per 24 h and pays the creator 0.1 token for it, in one
 * transaction. A creator's own views are not counted. A signed-in viewer is paid for as such; an
 * anonymous one is told apart only by address and browser, and the browser is free to change, so
 * anonymous views count up to a cap per address and video a day, and pay once per address and video
 * a day, up to a cap of paid views per address a day (many real people can share one address).
 */
export async function recordView(
  ctx: AppContext,
  videoId: string,
  client: { viewerKey: string; addressKey: string },
  viewer?: UsersTable,
): Promise<{ counted: boolean; views: number }> {
  const caps = ctx.config.addressCaps;
  // Most views repeat one counted within the day (a reload, a replay) or are the creator's own: they
  // change nothing, so they are answered from what is committed, without a write transaction. A view
  // that may count takes the write path, where claiming the window decides (two first views at once
  // count once).
  const seen = await visibleTarget(ctx.db, videoId, viewer);
  if (
    viewer?.id === seen.creator_id ||
    (await repo.viewCountedSince(ctx.db, videoId, client.viewerKey, dayBefore(ctx.clock.now())))
  )
    return { counted: false, views: Number(seen.views) };
  return writeTransaction(ctx.db, async (trx) => {
    const video = await visibleTarget(trx, videoId, viewer);
    const now = ctx.clock.now();
    const at = now.toISOString();
    const counted =
      (await repo.claimViewWindow(trx, videoId, client.viewerKey, at, dayBefore(now))) &&
      (viewer !== undefined ||
        (await withinAddressCap(trx, client.addressKey, `view:${videoId}`, caps.anonViewsPerVideo, now)));
    if (counted) {
      await repo.recordView(trx, videoId, client.viewerKey, at);
      const paid =
        viewer !== undefined ||
        ((await withinAddressCap(trx, client.addressKey, `paid-view:${videoId}`, 1, now)) &&
          (await withinAddressCap(trx, client.addressKey, 'paid-views', caps.anonPaidViews, now)));
      if (paid) {
        await transfer(
          {
            from: SystemAccount.mint,
            to: userAccountId(video.creator_id),
            amount: Rewards.view,
            kind: VideoEarningKinds.view,
            ref: videoId,
            idempotencyKey: `view:${videoId}:${client.viewerKey}:${at}`,
          },
          trx,
        );
      }
    }
    return { counted, views: await repo.countViews(trx, videoId) };
  }).catch(goneIsNotFound);
}

/** One like per user per video; the creator earns 1 token for the first like only (unlike does not claw back). */
export async function likeVideo(
  ctx: AppContext,
  videoId: string,
  user: UsersTable,
): Promise<{ liked: true; likes: number }> {
  return writeTransaction(ctx.db, async (trx) => {
    const video = await visibleTarget(trx, videoId, user);
    const added = await repo.addLike(trx, videoId, user.id, ctx.clock.iso());
    if (added && video.creator_id !== user.id) {
      const reward = await transfer(
        // keyed by (video, user): like, unlike, like again pays once
        {
          from: SystemAccount.mint,
          to: userAccountId(video.creator_id),
          amount: Rewards.like,
          kind: VideoEarningKinds.like,
          ref: videoId,
          idempotencyKey: `like:${videoId}:${user.id}`,
        },
        trx,
      );
      // the first like ever of this video by this user: its reward's entry names the engagement
      if (!reward.replayed) await recordEngagement(ctx, { userId: user.id, kind: 'like', ref: reward.entryId }, trx);
    }
    return { liked: true as const, likes: await repo.countLikes(trx, videoId) };
  }).catch(goneIsNotFound);
}

export async function unlikeVideo(
  ctx: AppContext,
  videoId: string,
  user: UsersTable,
): Promise<{ liked: false; likes: number }> {
  return writeTransaction(ctx.db, async (trx) => {
    await visibleTarget(trx, videoId, user);
    await repo.removeLike(trx, videoId, user.id);
    return { liked: false as const, likes: await repo.countLikes(trx, videoId) };
  });
}

export async function tipVideo(
  ctx: AppContext,
  videoId: string,
  user: UsersTable,
  amount: number,
  idempotencyKey: string,
): Promise<{ tokens_earned: number; total_tokens: number; replayed: boolean }> {
  const micro = tokensToMicro(amount);
  if (micro === null || micro <= 0)
    throw badRequest('Please enter a valid tip amount', { code: 'invalid_tip_amount', field: 'amount' });
  const { notice, ...result } = await writeTransaction(ctx.db, async (trx) => {
    const video = await visibleTarget(trx, videoId, user);
    if (video.creator_id === user.id)
      throw badRequest('You cannot tip your own video', { code: 'cannot_tip_own_video' });
    const { entryId, replayed } = await transfer(
      {
        from: userAccountId(user.id),
        to: userAccountId(video.creator_id),
        amount: micro,
        kind: VideoEarningKinds.tip,
        ref: videoId,
        idempotencyKey: `tip:${user.id}:${idempotencyKey}`,
      },
      trx,
    );
    let notice: PendingNotification;
    if (!replayed) {
      await recordEngagement(ctx, { userId: user.id, kind: 'tip', ref: entryId }, trx);
      notice = await notifyWithin(ctx, trx, video.creator_id, {
        kind: 'tip',
        payload: { actor: user.username, amount: micro, video_id: video.id, video_title: video.title },
      });
    }
    const earned = (await earnedByRef(trx, earningKinds, [videoId])).get(videoId) ?? 0;
    return {
      notice,
      tokens_earned: microToTokens(earned),
      total_tokens: microToTokens(await balanceOf(trx, userAccountId(user.id))),
      replayed,
    };
  });
  pushCommitted(ctx, notice);
  return result;
}

export async function tipsReceived(ctx: AppContext, userId: string, limit = 20): Promise<TipReceived[]> {
  const tips = await latestCreditsOfKind(ctx.db, userAccountId(userId), 'video_tip', limit);
  const titles = await repo.videoTitles(ctx.db, [...new Set(tips.flatMap((t) => (t.ref ? [t.ref] : [])))]);
  return tips.map(({ ref, ...tip }) => ({
    ...tip,
    amount: microToTokens(Number(tip.amount)),
    video_id: ref,
    video_title: (ref && titles.get(ref)) ?? null,
  }));
}

/** What the creator dashboard reads about a creator's videos. */
export async function creatorVideoStats(ctx: AppContext, creatorId: string, since: string, top: number) {
  const [totals, topVideos, recentViews] = await Promise.all([
    repo.creatorTotals(ctx.db, creatorId),
    repo.topVideosOf(ctx.db, creatorId, top),
    repo.viewsSince(ctx.db, creatorId, since),
  ]);
  return { totals, topVideos: topVideos.map((v) => ({ ...v, views: Number(v.views) })), recentViews };
}

/** Views and likes of a creator's videos per UTC day since a time (the dashboard's chart). */
export async function creatorVideoDaily(ctx: AppContext, creatorId: string, since: string) {
  const [views, likes] = await Promise.all([
    repo.viewsPerDay(ctx.db, creatorId, since),
    repo.likesPerDay(ctx.db, creatorId, since),
  ]);
  return { views, likes };
}
