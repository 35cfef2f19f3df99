import { z } from 'zod';
import { VideoSchema } from './videos.ts';

export const HistoryLimits = {
  pageSize: 20,
  pageMax: 50,
} as const;

export const HistoryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(HistoryLimits.pageMax).default(HistoryLimits.pageSize),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type HistoryListQuery = z.infer<typeof HistoryListQuerySchema>;

/** Paused: watching records nothing until the user resumes. */
export const HistorySettingsSchema = z.object({ paused: z.boolean() }).strict();
export type HistorySettings = z.infer<typeof HistorySettingsSchema>;

/** A video the user watched, where they stopped in it (seconds) and when. */
export const HistoryEntrySchema = z.object({
  video: VideoSchema,
  position: z.number(),
  duration: z.number(),
  watched_at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** A page of the history, newest first, with whether it is paused and whether more follow. */
export const HistoryPageSchema = z.object({
  entries: z.array(HistoryEntrySchema),
  paused: z.boolean(),
  has_more: z.boolean(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const HistoryClearedSchema = z.object({ cleared: z.number().int() });
export type HistoryCleared = z.infer<typeof HistoryClearedSchema>;
