import type { Video, VideoListQuery } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';

import { notify } from '../notifications/notifications.service.ts';
import { findUserByRef } from '../users/users.service.ts';
import { listFromCreators } from '../videos/videos.service.ts';
import { deleteFollow, followedCreatorIds, followExists, followersPerDay, insertFollow } from './follows.repository.ts';

export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself';

/** Creators are named by wallet (the spec's paths) or, for email-only creators, by user id. */
async function findCreator(ctx: AppContext, creator: string): Promise<UsersTable> {
  const row = await findUserByRef(ctx.db, creator);
  if (!row) throw notFound('Creator not found', { code: 'creator_not_found' });
  return row;
}

export async function follow(
  ctx: AppContext,
  follower: UsersTable,
  creatorRef: string,
): Promise<{ is_following: true }> {
  const creator = await findCreator(ctx, creatorRef);
  if (creator.id === follower.id) throw badRequest(CANNOT_FOLLOW_SELF, { code: 'cannot_follow_self' });
  if (await insertFollow(ctx.db, follower.id, creator.id, ctx.clock.iso()))
    // once per follower: following and unfollowing again and again does not flood the creator
    await notify(
      ctx,
      creator.id,
      { kind: 'follow', payload: { actor: follower.username } },
      { once: `follow:${follower.id}` },
    );
  return { is_following: true };
}

export async function unfollow(
  ctx: AppContext,
  follower: UsersTable,
  creatorRef: string,
): Promise<{ is_following: false }> {
  const creator = await findCreator(ctx, creatorRef);
  await deleteFollow(ctx.db, follower.id, creator.id);
  return { is_following: false };
}

export async function isFollowing(
  ctx: AppContext,
  follower: UsersTable,
  creatorRef: string,
): Promise<{ is_following: boolean }> {
  const creator = await findCreator(ctx, creatorRef);
  return { is_following: await followExists(ctx.db, follower.id, creator.id) };
}

export async function subscriptionFeed(ctx: AppContext, follower: UsersTable, query: VideoListQuery): Promise<Video[]> {
  return listFromCreators(ctx, await followedCreatorIds(ctx.db, follower.id), query);
}

/** A creator's new followers per UTC day since a time (the dashboard's chart). */
export const creatorFollowersPerDay = (
  ctx: AppContext,
  creatorId: string,
  since: string,
): Promise<Map<string, number>> => followersPerDay(ctx.db, creatorId, since);
