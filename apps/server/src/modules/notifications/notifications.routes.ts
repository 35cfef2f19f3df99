import {
  MarkNotificationsReadSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
  UnreadCountSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate.ts';
import { keepReadCacheOnWrites } from '../../http/read-cache.ts';
import * as notifications from './notifications.service.ts';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Nothing these write shows in a public read.
  keepReadCacheOnWrites(app);

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first, with how many are unread",
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema },
      },
    },
    async (req) => notifications.listNotifications(app.ctx, await requireUser(req), req.query),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read: `{ids}` (ids not yours are ignored) or `{all: true}`',
        body: MarkNotificationsReadSchema,
        response: { 200: UnreadCountSchema },
      },
    },
    async (req) => notifications.markRead(app.ctx, await requireUser(req), req.body),
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'The kinds of notification the signed-in user has turned off',
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (req) => notifications.getPreferences(app.ctx, await requireUser(req)),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Turn kinds of notification off (the ones listed) or back on (the ones left out)',
        body: NotificationPreferencesSchema,
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (req) => notifications.setPreferences(app.ctx, await requireUser(req), req.body),
  );
};
