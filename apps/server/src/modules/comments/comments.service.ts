import {
  isStaff,
  type Comment,
  type CommentCreate,
  type CommentList,
  type CommentListQuery,
  type CommentReport,
  type CommentTarget,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import { isForeignKeyViolation, type Executor } from '../../db/database.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { notify } from '../notifications/notifications.service.ts';
import { REPORT_CATEGORY, createTicket } from '../tickets/tickets.service.ts';
import { presentComment } from './comments.presenter.ts';
import * as repo from './comments.repository.ts';

// Comments earn nothing, for the commenter or the creator: no ledger movement and no engagement
// event is recorded here, so there is nothing to farm by posting.

const NOT_FOUND = { video: 'Video not found', clip: 'Clip not found' } as const;
const NOT_FOUND_CODE = { video: 'video_not_found', clip: 'clip_not_found' } as const;
const COMMENT_NOT_FOUND = 'Comment not found';
const PAGE_PATH = { video: '/video/', clip: '/clips/' } as const;

const parentNotFound = () =>
  badRequest('The comment you reply to does not exist', { code: 'comment_parent_not_found', field: 'parent_id' });

/** A comment just written, with who may want to hear of it (for notifications). */
export interface CreatedComment {
  comment: Comment;
  target: { kind: CommentTarget; id: string };
  /** the video's or clip's creator */
  contentOwnerId: string;
  /** the author of the comment replied to; null for a top-level comment */
  parentAuthorId: string | null;
}

/** The video or clip, if it is listed (ready) or the caller made it. */
async function visibleTarget(ctx: AppContext, kind: CommentTarget, id: string, user?: UsersTable) {
  const target = await repo.findTarget(ctx.db, kind, id);
  if (!target || (target.status !== 'ready' && target.creator_id !== user?.id))
    throw notFound(NOT_FOUND[kind], { code: NOT_FOUND_CODE[kind] });
  return target;
}

export async function listComments(
  ctx: AppContext,
  kind: CommentTarget,
  id: string,
  page: CommentListQuery,
): Promise<CommentList> {
  const target = await visibleTarget(ctx, kind, id);
  const enabled = target.comments_enabled === 1;
  const rows = enabled ? await repo.listTopLevel(ctx.db, kind, id, page) : [];
  return { comments: rows.map(presentComment), comments_enabled: enabled, creator_id: target.creator_id };
}

export async function listReplies(ctx: AppContext, commentId: string, page: CommentListQuery): Promise<CommentList> {
  const parent = await repo.findComment(ctx.db, commentId);
  if (!parent) throw notFound(COMMENT_NOT_FOUND, { code: 'comment_not_found' });
  const target = await visibleTarget(ctx, parent.target_kind, parent.target_id);
  const enabled = target.comments_enabled === 1;
  const rows = enabled ? await repo.listReplies(ctx.db, commentId, page) : [];
  return { comments: rows.map(presentComment), comments_enabled: enabled, creator_id: target.creator_id };
}

export async function createComment(
  ctx: AppContext,
  user: UsersTable,
  kind: CommentTarget,
  id: string,
  input: CommentCreate,
): Promise<CreatedComment> {
  const target = await visibleTarget(ctx, kind, id, user);
  if (target.comments_enabled !== 1)
    throw forbidden('The creator has turned comments off', { code: 'comments_disabled' });
  let parentAuthorId: string | null = null;
  if (input.parent_id !== undefined) {
    const parent = await repo.findComment(ctx.db, input.parent_id);
    if (!parent || parent.target_kind !== kind || parent.target_id !== id) throw parentNotFound();
    if (parent.parent_id !== null)
      throw badRequest('Replies cannot be replied to: reply to the comment above them', {
        code: 'comment_reply_to_reply',
        field: 'parent_id',
      });
    parentAuthorId = parent.user_id;
  }
  const row = {
    id: newId(),
    target_kind: kind,
    target_id: id,
    user_id: user.id,
    parent_id: input.parent_id ?? null,
    text: input.text,
    reply_count: 0,
    created_at: ctx.clock.iso(),
  };
  try {
    await writeTransaction(ctx.db, async (trx) => {
      await repo.insertComment(trx, row);
      await repo.addToCommentCount(trx, kind, id, 1);
      if (row.parent_id) await repo.addToReplyCount(trx, row.parent_id, 1);
    });
  } catch (err) {
    // The parent was deleted between the check above and this write.
    if (isForeignKeyViolation(err)) throw parentNotFound();
    throw err;
  }
  await tellAboutComment(ctx, user, { kind, target, commentId: row.id, parentAuthorId });
  return {
    comment: presentComment({ ...row, username: user.username }),
    target: { kind, id },
    contentOwnerId: target.creator_id,
    parentAuthorId,
  };
}

/**
 * The creator hears of a new comment on their video or clip, and a comment's author of a reply to
 * it; nobody is told of their own words. (A notification that fails is logged by `notify`.)
 */
async function tellAboutComment(
  ctx: AppContext,
  author: UsersTable,
  about: { kind: CommentTarget; target: repo.TargetRow; commentId: string; parentAuthorId: string | null },
): Promise<void> {
  const payload = {
    actor: author.username,
    target: about.kind,
    target_id: about.target.id,
    title: about.target.title,
    comment_id: about.commentId,
  };
  const told = new Set([author.id]);
  if (about.parentAuthorId && !told.has(about.parentAuthorId)) {
    told.add(about.parentAuthorId);
    await notify(ctx, about.parentAuthorId, { kind: 'reply', payload });
  }
  if (!told.has(about.target.creator_id)) await notify(ctx, about.target.creator_id, { kind: 'comment', payload });
}

/**
 * Its author, the creator of the video or clip, and staff may delete a comment. Deleting a
 * top-level comment deletes its replies with it: they answer something no longer shown.
 */
export async function deleteComment(ctx: AppContext, user: UsersTable, commentId: string): Promise<void> {
  const comment = await repo.findComment(ctx.db, commentId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND, { code: 'comment_not_found' });
  const target = await repo.findTarget(ctx.db, comment.target_kind, comment.target_id);
  const allowed = comment.user_id === user.id || target?.creator_id === user.id || isStaff(user.role);
  if (!allowed) throw forbidden('You can only delete your own comments', { code: 'not_comment_author' });
  await writeTransaction(ctx.db, async (trx) => {
    const removed = await repo.deleteWithReplies(trx, commentId);
    if (removed === 0) return; // deleted at the same moment by someone else
    await repo.addToCommentCount(trx, comment.target_kind, comment.target_id, -removed);
    if (comment.parent_id) await repo.addToReplyCount(trx, comment.parent_id, -1);
  });
}

/** Only the creator turns comments on or off; comments already written are kept (and hidden while off). */
export async function setCommentsEnabled(
  ctx: AppContext,
  user: UsersTable,
  kind: CommentTarget,
  id: string,
  enabled: boolean,
): Promise<{ comments_enabled: boolean }> {
  const target = await visibleTarget(ctx, kind, id, user);
  if (target.creator_id !== user.id)
    throw forbidden('Only the creator can change who may comment', { code: 'not_content_creator' });
  await repo.setCommentsEnabled(ctx.db, kind, id, enabled);
  return { comments_enabled: enabled };
}

/** A report opens a ticket in the report category quoting the comment and linking to it. */
export async function reportComment(
  ctx: AppContext,
  user: UsersTable,
  commentId: string,
  input: CommentReport,
): Promise<{ ticket_id: string; ticket_number: string }> {
  const comment = await repo.findComment(ctx.db, commentId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND, { code: 'comment_not_found' });
  const link = new URL(
    `${PAGE_PATH[comment.target_kind]}${comment.target_id}#comment-${comment.id}`,
    ctx.config.publicUrl,
  );
  const quoted = comment.text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const description = [
    `Reported comment ${comment.id} by @${comment.username} (${comment.created_at}):`,
    quoted,
    `Link: ${link.href}`,
    ...(input.reason ? ['', `Reason: ${input.reason}`] : []),
  ].join('\n');
  const ticket = await createTicket(ctx, user, {
    title: `Comment report: ${comment.id}`,
    description,
    category_id: REPORT_CATEGORY,
    priority: 'medium',
    user_email: undefined,
  });
  return { ticket_id: ticket.id, ticket_number: ticket.ticket_number };
}

/** The creator dashboard's comment total. */
/** The comments on videos or clips that are being deleted go with them, inside the caller's transaction. */
export const deleteCommentsOn = (trx: Executor, kind: CommentTarget, ids: string[]): Promise<void> =>
  repo.deleteAllOn(trx, kind, ids);

export const creatorCommentCount = (ctx: AppContext, creatorId: string): Promise<number> =>
  repo.creatorCommentCount(ctx.db, creatorId);

/** Comments and replies on a creator's videos and clips per UTC day since a time (the dashboard's chart). */
export const creatorCommentsPerDay = (
  ctx: AppContext,
  creatorId: string,
  since: string,
): Promise<Map<string, number>> => repo.commentsPerDay(ctx.db, creatorId, since);
