import type { VideoListQuery } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { columnCounter, countLater, countedValue } from '../../db/deferred-counts.ts';
import { byDay, utcDayOf } from '../../db/per-day.ts';
import { firstRow, preparedQuery } from '../../db/prepared-query.ts';
import { newOrderedId } from '../../lib/ids.ts';
import type { VideosTable } from './videos.tables.ts';
import { indexVideoWords, matchingVideos, searchTerms } from './search.repository.ts';

/** Views and likes, moved by events and applied together at each commit. */
const videoCounts = { views: columnCounter('videos', 'views'), likes: columnCounter('videos', 'likes') };

/** A video row with its creator's public fields, as every read returns it. */
export type VideoRow = VideosTable & { creator_username: string; creator_wallet: string | null };

const withCreator = (db: Executor) =>
  db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.creator_id')
    .selectAll('videos')
    .select(['users.username as creator_username', 'users.wallet_address as creator_wallet']);

// Every read, view, like and tip of a video starts here: built once.
const videoById = preparedQuery((db, id: string) => withCreator(db).where('videos.id', '=', id));

export const findVideo = async (db: Executor, id: string): Promise<VideoRow | undefined> =>
  firstRow(await videoById(db, id));

/** The few columns a view, like or tip reads of its video. */
export type VideoTarget = Pick<VideosTable, 'id' | 'status' | 'creator_id' | 'title' | 'views'>;

// Every view, like and tip reads these, and nothing else of the video: built once, no join.
const targetById = preparedQuery((db, id: string) =>
  db.selectFrom('videos').select(['id', 'status', 'creator_id', 'title', 'views']).where('id', '=', id),
);

export const findVideoTarget = async (db: Executor, id: string): Promise<VideoTarget | undefined> =>
  firstRow(await targetById(db, id));

export async function listVideos(db: Executor, query: VideoListQuery, creatorIds?: string[]): Promise<VideoRow[]> {
  let q = withCreator(db).where('videos.status', '=', 'ready');
  if (creatorIds) {
    if (creatorIds.length === 0) return [];
    q = q.where('videos.creator_id', 'in', creatorIds);
  }
  if (query.category) q = q.where(sql`lower(videos.category)`, '=', query.category.toLowerCase());
  if (query.q) {
    const terms = await searchTerms(db, query.q);
    if (terms.length === 0) return [];
    q = q
      .innerJoin(matchingVideos(db, terms).as('m'), (join) => join.onRef('m.video_id', '=', 'videos.id'))
      .orderBy('m.rank', 'desc');
  }
  q =
    query.sort === 'views'
      ? q.orderBy('videos.views', 'desc').orderBy('videos.created_at', 'desc')
      : q.orderBy('videos.created_at', 'desc');
  return q.orderBy('videos.id', 'desc').limit(query.limit).offset(query.offset).execute();
}

/** Ready videos by id, in no particular order. */
export const findReadyVideos = (db: Executor, ids: string[]): Promise<VideoRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : withCreator(db).where('videos.id', 'in', ids).where('videos.status', '=', 'ready').execute();

export const listByCreator = (db: Executor, creatorId: string): Promise<VideoRow[]> =>
  withCreator(db)
    .where('videos.creator_id', '=', creatorId)
    .orderBy('videos.created_at', 'desc')
    .orderBy('videos.id', 'desc')
    .execute();

/** A page of a creator's videos, newest first: ready ones only unless `all` (their creator asks). */
export function listCreatorPage(
  db: Executor,
  creatorId: string,
  page: { limit: number; offset: number; all: boolean },
): Promise<VideoRow[]> {
  let q = withCreator(db).where('videos.creator_id', '=', creatorId);
  if (!page.all) q = q.where('videos.status', '=', 'ready');
  return q
    .orderBy('videos.created_at', 'desc')
    .orderBy('videos.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * Counts a view when this viewer's last counted view of the video is over 24 h old (or there is
 * none), in one statement, so concurrent views from one viewer count once.
 */
export async function claimViewWindow(
  db: Executor,
  videoId: string,
  viewerKey: string,
  now: string,
  windowStart: string,
): Promise<boolean> {
  return (await claimWindow(db, videoId, viewerKey, now, windowStart)).rows.length === 1;
}

/** true when the viewer's view of the video was counted after `windowStart` (a view now would not count). */
export async function viewCountedSince(
  db: Executor,
  videoId: string,
  viewerKey: string,
  windowStart: string,
): Promise<boolean> {
  return (await countedWindow(db, videoId, viewerKey, windowStart)).rows.length === 1;
}

// Every view runs these: built once.
const countedWindow = preparedQuery((db, video_id: string, viewer_key: string, windowStart: string) =>
  db
    .selectFrom('video_view_windows')
    .select('counted_at')
    .where('video_id', '=', video_id)
    .where('viewer_key', '=', viewer_key)
    .where('counted_at', '>', windowStart),
);

const claimWindow = preparedQuery((db, video_id: string, viewer_key: string, now: string, windowStart: string) =>
  db
    .insertInto('video_view_windows')
    .values({ video_id, viewer_key, counted_at: now })
    .onConflict((oc) =>
      oc
        .columns(['video_id', 'viewer_key'])
        .doUpdateSet({ counted_at: now })
        .where('video_view_windows.counted_at', '<=', windowStart),
    )
    .returning('counted_at'),
);

const insertView = preparedQuery((db, id: string, video_id: string, viewer_key: string, created_at: string) =>
  db.insertInto('video_views').values({ id, video_id, viewer_key, created_at }),
);

export async function recordView(db: Executor, videoId: string, viewerKey: string, now: string): Promise<void> {
  await insertView(db, newOrderedId(), videoId, viewerKey, now);
  await countLater(db, videoCounts.views, videoId, 1);
}

/** true when this call added the like (a user likes a video at most once). */
export async function addLike(db: Executor, videoId: string, userId: string, now: string): Promise<boolean> {
  const added = (await insertLike(db, videoId, userId, now)).rows.length === 1;
  if (added) await countLater(db, videoCounts.likes, videoId, 1);
  return added;
}

const insertLike = preparedQuery((db, video_id: string, user_id: string, created_at: string) =>
  db
    .insertInto('video_likes')
    .values({ video_id, user_id, created_at })
    .onConflict((oc) => oc.columns(['video_id', 'user_id']).doNothing())
    .returning('video_id'),
);

export async function removeLike(db: Executor, videoId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('video_likes')
    .where('video_id', '=', videoId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) === 1;
  if (removed) await countLater(db, videoCounts.likes, videoId, -1);
  return removed;
}

const countersQuery = preparedQuery((db, id: string) =>
  db.selectFrom('videos').select(['views', 'likes']).where('id', '=', id),
);

async function counter(db: Executor, videoId: string, column: 'views' | 'likes'): Promise<number> {
  const row = firstRow(await countersQuery(db, videoId));
  if (!row) throw new Error(`No video ${videoId}`);
  return countedValue(db, videoCounts[column], videoId, row[column]);
}

export const countViews = (db: Executor, videoId: string): Promise<number> => counter(db, videoId, 'views');

export const countLikes = (db: Executor, videoId: string): Promise<number> => counter(db, videoId, 'likes');

/** Titles of videos by id, for lists that name them. */
export async function videoTitles(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('videos').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Stores a video and the words it is found by. */
export async function insertVideo(db: Executor, row: VideosTable): Promise<void> {
  await db.insertInto('videos').values(row).execute();
  await indexVideoWords(db, row);
}

/**
 * The processed renditions are in: the video becomes `ready` and is listed. False when the row is
 * gone (deleted while it was processing): the caller then discards what it rendered.
 */
export async function markVideoReady(
  db: Executor,
  id: string,
  media: { thumbnailCid: string; thumbnailSizes: string; thumbnailChoices: string | null; hlsPath: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({
      status: 'ready',
      thumbnail_cid: media.thumbnailCid,
      thumbnail_sizes: media.thumbnailSizes,
      thumbnail_choices: media.thumbnailChoices,
      hls_path: media.hlsPath,
      failure: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What a creator may change of a video (the search index follows by trigger on SQLite, by expression on PostgreSQL). */
export type VideoChanges = Partial<
  Pick<VideosTable, 'title' | 'description' | 'category' | 'tags' | 'thumbnail_cid' | 'thumbnail_sizes'>
>;

/** False when the row is gone (deleted meanwhile). */
export async function updateVideo(db: Executor, id: string, changes: VideoChanges, at: string): Promise<boolean> {
  const row = await db
    .updateTable('videos')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .returning(['id', 'title', 'description', 'tags'])
    .executeTakeFirst();
  if (!row) return false;
  // an edited title, description or tags: the video is found by its new words, not its old ones
  if ('title' in changes || 'description' in changes || 'tags' in changes) await indexVideoWords(db, row);
  return true;
}

/** Deletes a video row (likes, views, ratings, captions and viewing sessions go by cascade); the row that went, if any. */
export const deleteVideo = (db: Executor, id: string): Promise<VideosTable | undefined> =>
  db.deleteFrom('videos').where('id', '=', id).returningAll().executeTakeFirst();

/** A video still `processing` becomes `failed`, with the reason its creator sees; true when it did. */
export async function markVideoFailed(db: Executor, id: string, reason: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({ status: 'failed', failure: reason, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A creator's totals over all their videos. */
export async function creatorTotals(
  db: Executor,
  creatorId: string,
): Promise<{ videos: number; views: number; likes: number }> {
  const row = await db
    .selectFrom('videos')
    .select((eb) => [
      eb.fn.countAll<number>().as('videos'),
      eb.fn.coalesce(eb.fn.sum<number>('views'), sql<number>`0`).as('views'),
      eb.fn.coalesce(eb.fn.sum<number>('likes'), sql<number>`0`).as('likes'),
    ])
    .where('creator_id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return { videos: Number(row.videos), views: Number(row.views), likes: Number(row.likes) };
}

export const topVideosOf = (db: Executor, creatorId: string, limit: number) =>
  db
    .selectFrom('videos')
    .select(['id', 'title', 'views'])
    .where('creator_id', '=', creatorId)
    .where('status', '=', 'ready')
    .orderBy('views', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

/** Counted views of a creator's videos since a time (from the view events, not the counters). */
export async function viewsSince(db: Executor, creatorId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('video_views as vv')
    .innerJoin('videos as v', 'v.id', 'vv.video_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('v.creator_id', '=', creatorId)
    .where('vv.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Views of a creator's videos per UTC day since a time. */
export async function viewsPerDay(db: Executor, creatorId: string, since: string): Promise<Map<string, number>> {
  const day = utcDayOf('vv.created_at');
  const rows = await db
    .selectFrom('video_views as vv')
    .innerJoin('videos as v', 'v.id', 'vv.video_id')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('v.creator_id', '=', creatorId)
    .where('vv.created_at', '>=', since)
    .groupBy(day)
    .execute();
  return byDay(rows);
}

/** Likes (still standing) of a creator's videos per UTC day they were given, since a time. */
export async function likesPerDay(db: Executor, creatorId: string, since: string): Promise<Map<string, number>> {
  const day = utcDayOf('vl.created_at');
  const rows = await db
    .selectFrom('video_likes as vl')
    .innerJoin('videos as v', 'v.id', 'vl.video_id')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('v.creator_id', '=', creatorId)
    .where('vl.created_at', '>=', since)
    .groupBy(day)
    .execute();
  return byDay(rows);
}
