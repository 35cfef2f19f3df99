import { z } from 'zod';
import { StreamCategories, StreamLimits, StreamStatuses } from './stream-rules.ts';
import type { ErrorCode, ErrorParams } from './errors.ts';
import { ThumbnailSizeSchema, TipAmountSchema } from './videos.ts';

const StreamTagsSchema = z
  .array(z.string().trim().max(StreamLimits.tagMax, `Each tag must be at most ${StreamLimits.tagMax} characters`))
  .transform((tags) => [...new Set(tags.filter((t) => t.length > 0))])
  .refine((tags) => tags.length <= StreamLimits.tagsMax, `At most ${StreamLimits.tagsMax} tags`);

export const StreamCreateSchema = z.object({
  title: z
    .string({ error: 'Please enter a stream title' })
    .trim()
    .min(1, 'Please enter a stream title')
    .max(StreamLimits.titleMax, `Title must be at most ${StreamLimits.titleMax} characters`),
  description: z
    .string()
    .trim()
    .max(StreamLimits.descriptionMax, `Description must be at most ${StreamLimits.descriptionMax} characters`)
    .default(''),
  category: z
    .enum(StreamCategories, { error: `Category must be one of: ${StreamCategories.join(', ')}` })
    .default('Entertainment'),
  tags: StreamTagsSchema.default([]),
});
export type StreamCreateInput = z.input<typeof StreamCreateSchema>;

const DAY_MS = 24 * 60 * 60_000;

/**
 * A stream planned for later: what the directory lists as Upcoming. The time is checked against this
 * machine's clock, so the form and the server refuse the same times.
 */
export const StreamScheduleSchema = StreamCreateSchema.extend({
  scheduled_for: z.iso
    .datetime({ offset: true, error: 'Choose a start date and time' })
    .refine((at) => Date.parse(at) > Date.now(), {
      message: 'The start time must be in the future',
      params: { code: 'schedule_in_past' },
    })
    .refine((at) => Date.parse(at) <= Date.now() + StreamLimits.scheduleMaxDays * DAY_MS, {
      message: `The start time must be within ${StreamLimits.scheduleMaxDays} days`,
      params: { code: 'schedule_too_far', max: StreamLimits.scheduleMaxDays },
    })
    .transform((at) => new Date(at).toISOString()),
});
export type StreamScheduleInput = z.input<typeof StreamScheduleSchema>;

export const StreamCreatedSchema = z.object({ stream_id: z.string(), stream_key: z.string(), rtmp_url: z.string() });
export type StreamCreated = z.infer<typeof StreamCreatedSchema>;

export const StreamListQuerySchema = z.object({
  /** scheduled: the upcoming streams, soonest first, until an hour past their time */
  status: z.enum(['live', 'ended', 'all', 'scheduled']).default('live'),
  limit: z.coerce.number().int().min(1).max(StreamLimits.listMax).default(StreamLimits.listDefault),
  offset: z.coerce.number().int().min(0).default(0),
  category: z.enum(StreamCategories).optional(),
  creator: z.string().max(64).optional(),
});

export const StreamSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  status: z.enum(StreamStatuses),
  is_live: z.boolean(),
  viewers_count: z.number(),
  max_viewers: z.number(),
  start_time: z.string().nullable(),
  /** when its creator plans to go live; null for a stream not scheduled ahead */
  scheduled_for: z.string().nullable(),
  end_time: z.string().nullable(),
  /** seconds live so far (live) or in all (ended) */
  duration: z.number(),
  created_at: z.string(),
  creator_id: z.string(),
  creator_username: z.string(),
  creator_wallet: z.string().nullable(),
  tokens_earned: z.number(),
  /** the live playlist while live; the recording's replay once ended and processed; null before any segment */
  hls_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** the thumbnail at each card width, smallest first; empty: only thumbnail_url */
  thumbnail_sizes: z.array(ThumbnailSizeSchema),
  /** whether a recording exists that clips can be cut from */
  has_recording: z.boolean(),
});
export type Stream = z.infer<typeof StreamSchema>;

export const StreamListSchema = z.object({ streams: z.array(StreamSchema) });

/** A creator's streams on their profile: those on air or ended, or those scheduled. */
export const UserStreamListQuerySchema = z.object({
  status: z.enum(['past', 'scheduled']).default('past'),
  limit: z.coerce.number().int().min(1).max(StreamLimits.listMax).default(StreamLimits.listDefault),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type UserStreamListQuery = z.infer<typeof UserStreamListQuerySchema>;

/**
 * The live directory's stats card (at the top of the live page): on air now, watching now, earned by all
 * streams, streams ever started.
 */
export const StreamStatsSchema = z.object({
  live_count: z.number(),
  total_viewers: z.number(),
  tokens_earned: z.number(),
  total_streams: z.number(),
});
export type StreamStats = z.infer<typeof StreamStatsSchema>;

/** The owner's view of a stream: the secret key and where to send video. */
export const StreamIngestSchema = z.object({
  stream_id: z.string(),
  stream_key: z.string(),
  rtmp_url: z.string(),
  /** rtmp_url + '/' + stream_key, for tools that take one address */
  rtmp_publish_url: z.string(),
  /** the WebSocket path the Go Live page sends camera chunks to (append ?token=) */
  browser_ingest_path: z.string(),
  /** where WHIP publishers (the Go Live page's camera, OBS 30+) POST their SDP offer, the stream key or the owner's session as the bearer token */
  whip_url: z.string(),
});
export type StreamIngest = z.infer<typeof StreamIngestSchema>;

export const StreamStoppedSchema = z.object({ duration: z.number(), tokens_earned: z.number() });
/** A created stream its owner threw away before it ever went live. */
export const StreamDiscardedSchema = z.object({ discarded: z.literal(true) });
/**
 * WebRTC playback (WHEP, `POST /api/streams/{id}/whep`): whether this server offers it, and the
 * STUN/TURN servers the browser's peer connection should use.
 */
export const WebRtcSettingsSchema = z.object({
  enabled: z.boolean(),
  ice_servers: z.array(
    z.object({ urls: z.string(), username: z.string().optional(), credential: z.string().optional() }),
  ),
});
export type WebRtcSettings = z.infer<typeof WebRtcSettingsSchema>;

// ---- live chat frames (WS /ws/stream/{id}) ----

/** What a client sends. `username` is accepted for compatibility and ignored: the server names the sender. */
export const ChatSendSchema = z.object({
  type: z.literal('chat'),
  message: z
    .string()
    .trim()
    .min(1, 'Message cannot be empty')
    .max(StreamLimits.chatMessageMax, `Messages are at most ${StreamLimits.chatMessageMax} characters`),
  username: z.string().optional(),
  tip_amount: TipAmountSchema.nullish(),
});
export type ChatSend = z.input<typeof ChatSendSchema>;

export interface ChatMessage {
  id: string;
  username: string;
  user_wallet: string | null;
  message: string;
  tip_amount: number | null;
  timestamp: string;
}

/** Every frame the server sends. */
export type ChatServerFrame =
  | {
      type: 'welcome';
      message: string;
      stream_id: string;
      authenticated: boolean;
      username: string | null;
      history: ChatMessage[];
      viewers_count: number;
    }
  | ({ type: 'chat_message' } & ChatMessage)
  | { type: 'tip_notification'; tipper: string; amount: number; message: string }
  | { type: 'viewer_count_update'; viewers_count: number }
  | { type: 'stream_started'; creator: string; title: string }
  | { type: 'stream_ended'; duration: number }
  | { type: 'error'; code: ErrorCode; message: string; field?: string; params?: ErrorParams };
