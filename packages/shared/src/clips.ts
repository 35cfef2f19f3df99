import { z } from 'zod';
import { StreamCategories } from './stream-rules.ts';
import { ThumbnailSizeSchema } from './videos.ts';

/** Clip lengths a creator may pick, in seconds. */
export const ClipDurations = [10, 20, 40, 60] as const;
export type ClipDuration = (typeof ClipDurations)[number];

/** Clips share the stream categories: the clips browser's category toggles. */
export const ClipCategories = StreamCategories;

export const ClipLimits = {
  titleMax: 100,
  descriptionMax: 300,
  tagMax: 20,
  tagsMax: 10,
  /** the browser's page size; Load More shows only after a page of exactly this many */
  pageSize: 20,
  pageMax: 50,
  /** clip detail fetches this many others and shows up to relatedShown of them */
  relatedFetch: 8,
  relatedShown: 6,
  /** the start time input's step, in seconds */
  startStep: 0.1,
} as const;

export const CLIP_BEYOND_SOURCE = 'Clip extends beyond source duration';
export const CLIP_TITLE_REQUIRED = 'Please enter a clip title';

export const ClipStatuses = ['processing', 'ready', 'failed'] as const;
export type ClipStatus = (typeof ClipStatuses)[number];

const sourceId = z.string().trim().min(1).max(64).nullish();

export const ClipTagsSchema = z
  .array(z.string().trim().max(ClipLimits.tagMax, `Each tag must be at most ${ClipLimits.tagMax} characters`))
  .transform((tags) => [...new Set(tags.filter((t) => t.length > 0))])
  .refine((tags) => tags.length <= ClipLimits.tagsMax, `At most ${ClipLimits.tagsMax} tags`);

/** POST /api/clips/create. Whether the range fits the source is checked against the source itself. */
export const ClipCreateSchema = z
  .object({
    title: z
      .string({ error: CLIP_TITLE_REQUIRED })
      .trim()
      .min(1, CLIP_TITLE_REQUIRED)
      .max(ClipLimits.titleMax, `Title must be at most ${ClipLimits.titleMax} characters`),
    description: z
      .string()
      .trim()
      .max(ClipLimits.descriptionMax, `Description must be at most ${ClipLimits.descriptionMax} characters`)
      .default(''),
    start_time: z
      .number({ error: 'Start time must be a number of seconds' })
      .min(0, 'Start time cannot be negative')
      .max(24 * 3600, CLIP_BEYOND_SOURCE),
    duration: z.literal(ClipDurations, { error: `Duration must be one of ${ClipDurations.join(', ')} seconds` }),
    tags: ClipTagsSchema.default([]),
    source_video_id: sourceId,
    source_stream_id: sourceId,
  })
  .refine(
    (c) => Boolean(c.source_video_id) !== Boolean(c.source_stream_id),
    'Choose exactly one source: source_video_id or source_stream_id',
  );
export type ClipCreateInput = z.input<typeof ClipCreateSchema>;

export const ClipCreatedSchema = z.object({ clip_id: z.string() });

export const ClipListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ClipLimits.pageMax).default(ClipLimits.pageSize),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  category: z.string().trim().max(40).optional(),
  duration: z.coerce
    .number()
    .pipe(z.literal(ClipDurations, { error: `Duration must be one of ${ClipDurations.join(', ')} seconds` }))
    .optional(),
  /** the creator's wallet address, in any case */
  creator: z.string().trim().max(64).optional(),
});
export type ClipListQuery = z.infer<typeof ClipListQuerySchema>;

/** A clip as the API shows it with the player's URLs once it is cut. */
export const ClipSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** seconds */
  duration: z.number(),
  /** where the clip starts and ends in its source, in seconds */
  start_time: z.number(),
  end_time: z.number(),
  views: z.number(),
  likes: z.number(),
  /** comments and replies, kept with each comment write */
  comment_count: z.number(),
  comments_enabled: z.boolean(),
  tokens_earned: z.number(),
  created_at: z.string(),
  creator_id: z.string(),
  creator_username: z.string(),
  creator_wallet: z.string().nullable(),
  source_video_id: z.string().nullable(),
  source_stream_id: z.string().nullable(),
  /** the clip's own CID, once cut */
  ipfs_hash: z.string().nullable(),
  status: z.enum(ClipStatuses),
  thumbnail_url: z.string().nullable(),
  /** the thumbnail at each card width, smallest first; empty: only thumbnail_url */
  thumbnail_sizes: z.array(ThumbnailSizeSchema),
  hls_url: z.string().nullable(),
  media_url: z.string().nullable(),
  /** whether the signed-in caller has liked it (false for visitors) */
  liked: z.boolean(),
});
export type Clip = z.infer<typeof ClipSchema>;

export const ClipListSchema = z.object({ clips: z.array(ClipSchema) });

export const ClipLikeResultSchema = z.object({ liked: z.literal(true), likes: z.number() });
export type ClipLikeResult = z.infer<typeof ClipLikeResultSchema>;

/** The clips browser's platform stats card. */
export const ClipStatsSchema = z.object({ total_clips: z.number(), tokens_earned: z.number(), views: z.number() });
export type ClipStats = z.infer<typeof ClipStatsSchema>;
