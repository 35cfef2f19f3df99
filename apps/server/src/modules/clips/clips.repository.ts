import type { ClipListQuery } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { columnCounter, countLater, countedValue } from '../../db/deferred-counts.ts';
import { byDay, utcDayOf } from '../../db/per-day.ts';
import { newOrderedId } from '../../lib/ids.ts';
import type { ClipsTable } from './clips.tables.ts';

/** Views and likes, moved by events and applied together at each commit. */
const clipCounts = { views: columnCounter('clips', 'views'), likes: columnCounter('clips', 'likes') };

/** A clip row with its creator's public fields, as every read returns it. */
export type ClipRow = ClipsTable & { creator_username: string; creator_wallet: string | null };

const withCreator = (db: Executor) =>
  db
    .selectFrom('clips')
    .innerJoin('users', 'users.id', 'clips.creator_id')
    .selectAll('clips')
    .select(['users.username as creator_username', 'users.wallet_address as creator_wallet']);

export const findClip = (db: Executor, id: string): Promise<ClipRow | undefined> =>
  withCreator(db).where('clips.id', '=', id).executeTakeFirst();

export async function insertClip(db: Executor, row: ClipsTable): Promise<void> {
  await db.insertInto('clips').values(row).execute();
}

/** Ready clips, newest first, filtered by category (any case), length and creator wallet (any case). */
export function listClips(db: Executor, query: ClipListQuery) {
  let q = withCreator(db).where('clips.status', '=', 'ready');
  if (query.category) q = q.where(sql`lower(clips.category)`, '=', query.category.toLowerCase());
  if (query.duration) q = q.where('clips.duration_seconds', '=', query.duration);
  if (query.creator) q = q.where(sql`lower(users.wallet_address)`, '=', query.creator.toLowerCase());
  return q
    .orderBy('clips.created_at', 'desc')
    .orderBy('clips.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

/** A page of a creator's clips, newest first: ready ones only unless `all` (their creator asks). */
export function listCreatorPage(
  db: Executor,
  creatorId: string,
  page: { limit: number; offset: number; all: boolean },
) {
  let q = withCreator(db).where('clips.creator_id', '=', creatorId);
  if (!page.all) q = q.where('clips.status', '=', 'ready');
  return q
    .orderBy('clips.created_at', 'desc')
    .orderBy('clips.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** False when the clip is gone (its source video was deleted while it was cut). */
export async function markReady(
  db: Executor,
  id: string,
  media: Pick<ClipsTable, 'cid' | 'size_bytes' | 'thumbnail_cid' | 'thumbnail_sizes' | 'hls_path'>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('clips')
    .set({ ...media, status: 'ready', failure: null, source_cid: null, updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes every clip cut from a video (their likes and views go with them); answers the rows that went. */
export async function deleteClipsOfVideo(db: Executor, videoId: string): Promise<ClipsTable[]> {
  return db.deleteFrom('clips').where('source_video_id', '=', videoId).returningAll().execute();
}

/** Only a clip still being cut becomes failed: a late failure report never undoes a finished cut. */
export async function markFailed(db: Executor, id: string, reason: string, at: string): Promise<void> {
  await db
    .updateTable('clips')
    .set({ status: 'failed', failure: reason.slice(0, 500), source_cid: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/** true when this call added the like (a user likes a clip at most once). */
export async function addLike(db: Executor, clipId: string, userId: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto('clip_likes')
    .values({ clip_id: clipId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['clip_id', 'user_id']).doNothing())
    .returning('clip_id')
    .executeTakeFirst();
  if (row) await countLater(db, clipCounts.likes, clipId, 1);
  return row !== undefined;
}

/** Which of these clips the user has liked. */
export async function likedAmong(db: Executor, userId: string, clipIds: string[]): Promise<Set<string>> {
  if (clipIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('clip_likes')
    .select('clip_id')
    .where('user_id', '=', userId)
    .where('clip_id', 'in', clipIds)
    .execute();
  return new Set(rows.map((r) => r.clip_id));
}

/**
 * Counts a view when this viewer's last counted view of the clip is over 24 h old (or there is
 * none), in one statement, so concurrent views from one viewer count once.
 */
export async function claimViewWindow(
  db: Executor,
  clipId: string,
  viewerKey: string,
  now: string,
  windowStart: string,
): Promise<boolean> {
  const row = await db
    .insertInto('clip_view_windows')
    .values({ clip_id: clipId, viewer_key: viewerKey, counted_at: now })
    .onConflict((oc) =>
      oc
        .columns(['clip_id', 'viewer_key'])
        .doUpdateSet({ counted_at: now })
        .where('clip_view_windows.counted_at', '<=', windowStart),
    )
    .returning('counted_at')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordView(db: Executor, clipId: string, viewerKey: string, now: string): Promise<void> {
  await db
    .insertInto('clip_views')
    .values({ id: newOrderedId(), clip_id: clipId, viewer_key: viewerKey, created_at: now })
    .execute();
  await countLater(db, clipCounts.views, clipId, 1);
}

export async function counters(db: Executor, clipId: string): Promise<{ views: number; likes: number }> {
  const row = await db
    .selectFrom('clips')
    .select(['views', 'likes'])
    .where('id', '=', clipId)
    .executeTakeFirstOrThrow();
  return {
    views: countedValue(db, clipCounts.views, clipId, row.views),
    likes: countedValue(db, clipCounts.likes, clipId, row.likes),
  };
}

/** The ids of every ready clip, as a subquery for totals kept elsewhere (the ledger's). */
export const readyClipIds = (db: Executor) => db.selectFrom('clips').select('id').where('status', '=', 'ready');

/** Totals over every ready clip: how many, and their views. */
export async function platformTotals(db: Executor): Promise<{ clips: number; views: number }> {
  const counts = await db
    .selectFrom('clips')
    .select((eb) => [
      eb.fn.countAll<number>().as('clips'),
      eb.fn.coalesce(eb.fn.sum<number>('views'), sql<number>`0`).as('views'),
    ])
    .where('status', '=', 'ready')
    .executeTakeFirstOrThrow();
  return { clips: Number(counts.clips), views: Number(counts.views) };
}

/** A creator's totals over their ready clips. */
export async function creatorTotals(
  db: Executor,
  creatorId: string,
): Promise<{ clips: number; views: number; likes: number }> {
  const row = await db
    .selectFrom('clips')
    .select((eb) => [
      eb.fn.countAll<number>().as('clips'),
      eb.fn.coalesce(eb.fn.sum<number>('views'), sql<number>`0`).as('views'),
      eb.fn.coalesce(eb.fn.sum<number>('likes'), sql<number>`0`).as('likes'),
    ])
    .where('creator_id', '=', creatorId)
    .where('status', '=', 'ready')
    .executeTakeFirstOrThrow();
  return { clips: Number(row.clips), views: Number(row.views), likes: Number(row.likes) };
}

/** Counted views of a creator's ready clips since a time (from the view events, not the counters). */
export async function viewsSince(db: Executor, creatorId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('clip_views as cv')
    .innerJoin('clips as c', 'c.id', 'cv.clip_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.creator_id', '=', creatorId)
    .where('c.status', '=', 'ready')
    .where('cv.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const topClipsOf = (db: Executor, creatorId: string, limit: number) =>
  db
    .selectFrom('clips')
    .select(['id', 'title', 'views'])
    .where('creator_id', '=', creatorId)
    .where('status', '=', 'ready')
    .orderBy('views', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

/** Views of a creator's ready clips per UTC day since a time. */
export async function viewsPerDay(db: Executor, creatorId: string, since: string): Promise<Map<string, number>> {
  const day = utcDayOf('cv.created_at');
  const rows = await db
    .selectFrom('clip_views as cv')
    .innerJoin('clips as c', 'c.id', 'cv.clip_id')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('c.creator_id', '=', creatorId)
    .where('c.status', '=', 'ready')
    .where('cv.created_at', '>=', since)
    .groupBy(day)
    .execute();
  return byDay(rows);
}

/** Likes (still standing) of a creator's ready clips per UTC day they were given, since a time. */
export async function likesPerDay(db: Executor, creatorId: string, since: string): Promise<Map<string, number>> {
  const day = utcDayOf('cl.created_at');
  const rows = await db
    .selectFrom('clip_likes as cl')
    .innerJoin('clips as c', 'c.id', 'cl.clip_id')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('c.creator_id', '=', creatorId)
    .where('c.status', '=', 'ready')
    .where('cl.created_at', '>=', since)
    .groupBy(day)
    .execute();
  return byDay(rows);
}
