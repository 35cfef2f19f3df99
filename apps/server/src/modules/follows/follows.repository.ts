import type { Executor } from '../../db/database.ts';
import { byDay, utcDayOf } from '../../db/per-day.ts';

/** Following twice is the same as following once; true when this follow is new. */
export async function insertFollow(db: Executor, followerId: string, creatorId: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('follows')
    .values({ follower_id: followerId, creator_id: creatorId, created_at: at })
    .onConflict((oc) => oc.columns(['follower_id', 'creator_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteFollow(db: Executor, followerId: string, creatorId: string): Promise<void> {
  await db.deleteFrom('follows').where('follower_id', '=', followerId).where('creator_id', '=', creatorId).execute();
}

export async function followExists(db: Executor, followerId: string, creatorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('creator_id')
    .where('follower_id', '=', followerId)
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function followedCreatorIds(db: Executor, followerId: string): Promise<string[]> {
  const rows = await db.selectFrom('follows').select('creator_id').where('follower_id', '=', followerId).execute();
  return rows.map((r) => r.creator_id);
}

/** Every follow by or of a user (the account is being deleted). */
export async function deleteFollowsOf(db: Executor, userId: string): Promise<void> {
  await db
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('creator_id', '=', userId)]))
    .execute();
}

/** New followers (still following) of a creator per UTC day since a time. */
export async function followersPerDay(db: Executor, creatorId: string, since: string): Promise<Map<string, number>> {
  const day = utcDayOf('created_at');
  const rows = await db
    .selectFrom('follows')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('creator_id', '=', creatorId)
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
  return byDay(rows);
}
