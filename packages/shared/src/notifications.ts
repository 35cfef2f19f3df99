import { z } from 'zod';
import { NotificationKinds, NotificationLimits, type Notification } from './notification-rules.ts';

export interface NotificationList {
  notifications: Notification[];
  unread: number;
}

const NotificationPayloadSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NotificationKinds),
  created_at: z.string(),
  read: z.boolean(),
  payload: NotificationPayloadSchema,
});

export const NotificationListSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number() });

export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NotificationLimits.pageMax).default(NotificationLimits.pageSize),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

const NotificationIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Marks the named notifications read, or all of them; ids that are not the caller's are ignored. */
export const MarkNotificationsReadSchema = z
  .object({
    ids: z.array(NotificationIdSchema).min(1).max(NotificationLimits.markMax).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), 'Send either ids or all: true');
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

export const UnreadCountSchema = z.object({ unread: z.number() });

/** The kinds a user has turned off: those are not created for them. */
export const NotificationPreferencesSchema = z.object({
  muted: z.array(z.enum(NotificationKinds)).max(NotificationKinds.length),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** What the notifications socket sends: a new notification of the signed-in user (the client counts it unread). */
export interface NotificationFrame {
  type: 'notification';
  notification: Notification;
}
