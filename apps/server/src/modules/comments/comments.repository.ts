import type { CommentTarget } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { byDay, utcDayOf } from '../../db/per-day.ts';
import type { CommentsTable } from './comments.tables.ts';

/** A comment with its author's public name, as every read returns it. */
export type CommentRow = CommentsTable & { username: string };

/** What a comment hangs from: a video or a clip, with the fields the rules need. */
export interface TargetRow {
  id: string;
  creator_id: string;
  status: string;
  title: string;
  comments_enabled: number;
}

const TABLES = { video: 'videos', clip: 'clips' } as const satisfies Record<CommentTarget, string>;

export const findTarget = (db: Executor, kind: CommentTarget, id: string): Promise<TargetRow | undefined> =>
  db
    .selectFrom(TABLES[kind])
    .select(['id', 'creator_id', 'status', 'title', 'comments_enabled'])
    .where('id', '=', id)
    .executeTakeFirst();

export async function setCommentsEnabled(db: Executor, kind: CommentTarget, id: string, enabled: boolean) {
  await db
    .updateTable(TABLES[kind])
    .set({ comments_enabled: enabled ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Moves the target's comment count, inside the comment write's transaction. */
export async function addToCommentCount(db: Executor, kind: CommentTarget, id: string, delta: number) {
  await db
    .updateTable(TABLES[kind])
    .set({ comment_count: sql`comment_count + ${delta}` })
    .where('id', '=', id)
    .execute();
}

export async function addToReplyCount(db: Executor, id: string, delta: number) {
  await db
    .updateTable('comments')
    .set({ reply_count: sql`reply_count + ${delta}` })
    .where('id', '=', id)
    .execute();
}

export async function insertComment(db: Executor, row: CommentsTable): Promise<void> {
  await db.insertInto('comments').values(row).execute();
}

const withAuthor = (db: Executor) =>
  db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .selectAll('comments')
    .select('users.username');

export const findComment = (db: Executor, id: string): Promise<CommentRow | undefined> =>
  withAuthor(db).where('comments.id', '=', id).executeTakeFirst();

/** Top-level comments of a target, newest first. */
export const listTopLevel = (
  db: Executor,
  kind: CommentTarget,
  targetId: string,
  page: { limit: number; offset: number },
): Promise<CommentRow[]> =>
  withAuthor(db)
    .where('comments.target_kind', '=', kind)
    .where('comments.target_id', '=', targetId)
    .where('comments.parent_id', 'is', null)
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/** Replies of a comment, newest first like the comments above them. */
export const listReplies = (
  db: Executor,
  parentId: string,
  page: { limit: number; offset: number },
): Promise<CommentRow[]> =>
  withAuthor(db)
    .where('comments.parent_id', '=', parentId)
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/** Deletes a comment and its replies; answers how many rows went. */
export async function deleteWithReplies(db: Executor, id: string): Promise<number> {
  const replies = await db.deleteFrom('comments').where('parent_id', '=', id).executeTakeFirst();
  const self = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return Number(replies.numDeletedRows) + Number(self.numDeletedRows);
}

/** Every comment and reply on these videos or clips (they are being deleted). */
export async function deleteAllOn(db: Executor, kind: CommentTarget, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  // replies first: they refer to the top-level comments
  const on = db.deleteFrom('comments').where('target_kind', '=', kind).where('target_id', 'in', ids);
  await on.where('parent_id', 'is not', null).execute();
  await on.execute();
}

/** Comments and replies on everything a creator made (the dashboard's total), from the kept counters. */
export async function creatorCommentCount(db: Executor, creatorId: string): Promise<number> {
  const sum = async (kind: CommentTarget) => {
    const row = await db
      .selectFrom(TABLES[kind])
      .select(sql<number | string | null>`sum(comment_count)`.as('total'))
      .where('creator_id', '=', creatorId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  };
  const [videos, clips] = await Promise.all([sum('video'), sum('clip')]);
  return videos + clips;
}

/** Comments and replies written on a creator's videos and clips per UTC day since a time. */
export async function commentsPerDay(db: Executor, creatorId: string, since: string): Promise<Map<string, number>> {
  const day = utcDayOf('created_at');
  const ofCreator = (kind: CommentTarget) =>
    db.selectFrom(TABLES[kind]).select('id').where('creator_id', '=', creatorId);
  const rows = await db
    .selectFrom('comments')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where((eb) =>
      eb.or(
        (['video', 'clip'] as const).map((kind) =>
          eb.and([eb('target_kind', '=', kind), eb('target_id', 'in', ofCreator(kind))]),
        ),
      ),
    )
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
  return byDay(rows);
}
