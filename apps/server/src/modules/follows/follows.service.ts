import type { Video, VideoListQuery } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { findUserByRef } from '../users/users.service.ts';
import { listFromCreators } from '../videos/videos.service.ts';

export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself';

/** Creators are named by wallet (the spec's paths) or, for email-only creators, by user id. */
async function findCreator(ctx: AppContext, creator: string): Promise<UsersTable> {
  const row = await findUserByRef(ctx.db, creator);
  if (!row) throw notFound('Creator not found');
  return row;
}

export async function follow(
  ctx: AppContext,
  follower: UsersTable,
  creatorRef: string,
): Promise<{ is_following: true }> {
  const creator = await findCreator(ctx, creatorRef);
  if (creator.id === follower.id) throw badRequest(CANNOT_FOLLOW_SELF);
  await ctx.db
    .insertInto('follows')
    .values({ follower_id: follower.id, creator_id: creator.id, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['follower_id', 'creator_id']).doNothing())
    .execute();
  return { is_following: true };
}

export async function unfollow(
  ctx: AppContext,
  follower: UsersTable,
  creatorRef: string,
): Promise<{ is_following: false }> {
  const creator = await findCreator(ctx, creatorRef);
  await ctx.db
    .deleteFrom('follows')
    .where('follower_id', '=', follower.id)
    .where('creator_id', '=', creator.id)
    .execute();
  return { is_following: false };
}

export async function isFollowing(
  ctx: AppContext,
  follower: UsersTable,
  creatorRef: string,
): Promise<{ is_following: boolean }> {
  const creator = await findCreator(ctx, creatorRef);
  const row = await ctx.db
    .selectFrom('follows')
    .select('creator_id')
    .where('follower_id', '=', follower.id)
    .where('creator_id', '=', creator.id)
    .executeTakeFirst();
  return { is_following: row !== undefined };
}

export async function subscriptionFeed(ctx: AppContext, follower: UsersTable, query: VideoListQuery): Promise<Video[]> {
  const rows = await ctx.db.selectFrom('follows').select('creator_id').where('follower_id', '=', follower.id).execute();
  return listFromCreators(
    ctx,
    rows.map((r) => r.creator_id),
    query,
  );
}
