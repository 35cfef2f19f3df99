import type { Comment } from '@app/shared';
import type { CommentRow } from './comments.repository.ts';

/** A comment row -> the API's comment: the text exactly as stored, to be shown as text. */
export const presentComment = (row: CommentRow): Comment => ({
  id: row.id,
  text: row.text,
  user: { id: row.user_id, username: row.username },
  created_at: row.created_at,
  parent_id: row.parent_id,
  reply_count: Number(row.reply_count),
});
