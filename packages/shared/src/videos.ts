import { z } from 'zod';
import { ThumbnailLimits, VideoCategories, VideoLimits, VideoStatuses } from './video-rules.ts';
import { tokensToMicro } from './tokens.ts';

/** A thumbnail at one card width (for srcset); WebP is null where the server's ffmpeg cannot write it. */
export const ThumbnailSizeSchema = z.object({
  width: z.number(),
  jpeg_url: z.string(),
  webp_url: z.string().nullable(),
});
export type ThumbnailSize = z.infer<typeof ThumbnailSizeSchema>;

export const VideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  thumbnail_url: z.string().nullable(),
  /** the thumbnail at each card width, smallest first; empty: only thumbnail_url */
  thumbnail_sizes: z.array(ThumbnailSizeSchema),
  duration: z.number(),
  views: z.number(),
  likes: z.number(),
  /** comments and replies, kept with each comment write */
  comment_count: z.number(),
  comments_enabled: z.boolean(),
  tokens_earned: z.number(),
  upload_date: z.string(),
  creator_id: z.string(),
  creator_username: z.string(),
  creator_wallet: z.string().nullable(),
  ipfs_hash: z.string(),
  status: z.enum(VideoStatuses),
  hls_url: z.string().nullable(),
  media_url: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** why processing refused or failed the file, in words its uploader can act on; null unless failed */
  failure_reason: z.string().nullable(),
});
export type Video = z.infer<typeof VideoSchema>;

export const VideoListSchema = z.object({ videos: z.array(VideoSchema) });
export type VideoList = z.infer<typeof VideoListSchema>;

/** Tags arrive as a JSON list (spec) or comma-separated text; both end trimmed, unique, non-empty. */
export const TagsSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return value;
      }
    }
    return text === '' ? [] : text.split(',');
  },
  z
    .array(z.string().trim().max(VideoLimits.tagMax, `Each tag must be at most ${VideoLimits.tagMax} characters`))
    .transform((tags) => [...new Set(tags.filter((t) => t.length > 0))])
    .refine((tags) => tags.length <= VideoLimits.tagsMax, `At most ${VideoLimits.tagsMax} tags`),
);

const videoTitle = z
  .string({ error: 'Please enter a title for your video' })
  .trim()
  .min(1, 'Please enter a title for your video')
  .max(VideoLimits.titleMax, `Title must be at most ${VideoLimits.titleMax} characters`);
const videoDescription = z
  .string()
  .trim()
  .max(VideoLimits.descriptionMax, `Description must be at most ${VideoLimits.descriptionMax} characters`);
const videoCategory = z.enum(VideoCategories, { error: `Category must be one of: ${VideoCategories.join(', ')}` });

export const VideoUploadFieldsSchema = z.object({
  title: videoTitle,
  description: videoDescription.default(''),
  category: videoCategory.default('Other'),
  tags: TagsSchema.default([]),
});
export type VideoUploadFields = z.infer<typeof VideoUploadFieldsSchema>;

/**
 * A creator's edit of a video: any of the upload's fields (same limits), and optionally one of the
 * frames processing picked as its thumbnail (`thumbnail_frame`, an index into the choices).
 */
export const VideoEditSchema = z
  .object({
    title: videoTitle.optional(),
    description: videoDescription.optional(),
    category: videoCategory.optional(),
    tags: TagsSchema.optional(),
    thumbnail_frame: z
      .number()
      .int()
      .min(0)
      .max(ThumbnailLimits.frames - 1)
      .optional(),
  })
  .strict();
export type VideoEdit = z.infer<typeof VideoEditSchema>;

/** The frames processing extracted as thumbnail candidates, and which one (if any) is the thumbnail. */
export const ThumbnailChoicesSchema = z.object({
  frames: z.array(z.object({ index: z.number(), sizes: z.array(ThumbnailSizeSchema) })),
  /** index of the frame that is the thumbnail now; null: the default or an uploaded image */
  current: z.number().nullable(),
});
export type ThumbnailChoices = z.infer<typeof ThumbnailChoicesSchema>;

export const VideoListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(VideoLimits.feedPageMax).default(VideoLimits.feedPageSize),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  sort: z.enum(['recent', 'views']).default('recent'),
  category: z.string().trim().max(40).optional(),
  q: z.string().trim().max(VideoLimits.searchMax).optional(),
});
export type VideoListQuery = z.infer<typeof VideoListQuerySchema>;

/** A token amount above 0 in steps of 0.1 (spec: tip input min 0.1, step 0.1). */
export const TipAmountSchema = z
  .number({ error: 'Please enter a valid tip amount' })
  .refine((n) => Number.isFinite(n) && n > 0, 'Please enter a valid tip amount')
  .refine((n) => {
    const micro = tokensToMicro(n);
    return micro !== null && micro % 100_000 === 0;
  }, 'Tips are in steps of 0.1 tokens');

export const VideoTipSchema = z.object({ video_id: z.string().optional(), amount: TipAmountSchema });

/** A tip a creator received (ledger entry of kind video_tip), for the profile page. */
export interface TipReceived {
  id: string;
  amount: number;
  from_username: string;
  video_id: string | null;
  video_title: string | null;
  created_at: string;
}

/** A creator named by wallet address (the spec's follow paths) or, for email-only creators, by user id. */
export const CreatorRefSchema = z.string().trim().min(1, 'Name a creator').max(64);
export const FollowRequestSchema = z.object({ creator_wallet: CreatorRefSchema });
export const FollowStatusSchema = z.object({ is_following: z.boolean() });
export const TipsReceivedQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export type FollowStatus = z.infer<typeof FollowStatusSchema>;
