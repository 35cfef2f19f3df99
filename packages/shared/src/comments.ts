import { z } from 'zod';

/** Comments on videos and clips: plain text, one level of replies. */
export const CommentLimits = {
  textMax: 1000,
  pageMax: 50,
  pageDefault: 20,
  reportReasonMax: 500,
  /** comments and replies one person may post per hour */
  postsPerHour: 30,
} as const;

/** What a comment is on: the API resource its routes hang from (`/api/videos/{id}`, `/api/clips/{id}`). */
export const CommentTargets = ['video', 'clip'] as const;
export type CommentTarget = (typeof CommentTargets)[number];

export const CommentCreateSchema = z.object({
  text: z
    .string({ error: 'Please write a comment' })
    .trim()
    .min(1, 'Please write a comment')
    .max(CommentLimits.textMax),
  /** a top-level comment of the same video or clip; replies to replies are refused */
  parent_id: z.string().min(1).max(64).optional(),
});
export type CommentCreate = z.infer<typeof CommentCreateSchema>;

export const CommentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CommentLimits.pageMax).default(CommentLimits.pageDefault),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CommentListQuery = z.infer<typeof CommentListQuerySchema>;

export const CommentSchema = z.object({
  id: z.string(),
  text: z.string(),
  user: z.object({ id: z.string(), username: z.string() }),
  created_at: z.string(),
  /** null for a top-level comment */
  parent_id: z.string().nullable(),
  reply_count: z.number(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListSchema = z.object({
  comments: z.array(CommentSchema),
  /** false when the creator turned comments off: the list is then empty */
  comments_enabled: z.boolean(),
  /** who may delete any comment here besides its author: the video's or clip's creator */
  creator_id: z.string(),
});
export type CommentList = z.infer<typeof CommentListSchema>;

export const CommentSettingsSchema = z.object({ comments_enabled: z.boolean() });
export type CommentSettings = z.infer<typeof CommentSettingsSchema>;

export const CommentReportSchema = z.object({
  reason: z.string().trim().max(CommentLimits.reportReasonMax).default(''),
});
export type CommentReport = z.infer<typeof CommentReportSchema>;

export const CommentReportedSchema = z.object({ ticket_id: z.string(), ticket_number: z.string() });
