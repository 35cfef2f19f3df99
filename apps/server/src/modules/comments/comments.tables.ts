import type { CommentTarget } from '@app/shared';

/** Table types of the comments feature (merged into the Database interface in db/schema.ts). */
export interface CommentsTable {
  id: string;
  target_kind: CommentTarget;
  /** the video's or clip's id */
  target_id: string;
  user_id: string;
  /** a top-level comment of the same target; null for a top-level comment */
  parent_id: string | null;
  text: string;
  /** replies of a top-level comment, kept with each reply written or deleted */
  reply_count: number;
  created_at: string;
}
