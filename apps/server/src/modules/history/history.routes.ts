import { HistoryClearedSchema, HistoryListQuerySchema, HistoryPageSchema, HistorySettingsSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate.ts';
import { keepReadCacheOnWrites } from '../../http/read-cache.ts';
import * as history from './history.service.ts';

const tags = ['history'];

/** Every route reads or writes the caller's own history only: no route takes a user or an entry id. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Nothing these write shows in a public read.
  keepReadCacheOnWrites(app);

  app.get(
    '/api/history',
    {
      schema: {
        tags,
        summary: 'The videos the signed-in user watched, newest first, each with where they stopped',
        querystring: HistoryListQuerySchema,
        response: { 200: HistoryPageSchema },
      },
    },
    async (req) => history.listHistory(app.ctx, await requireUser(req), req.query),
  );

  app.delete(
    '/api/history',
    { schema: { tags, summary: "Clear the signed-in user's watch history", response: { 200: HistoryClearedSchema } } },
    async (req) => history.clearHistory(app.ctx, await requireUser(req)),
  );

  app.get(
    '/api/history/settings',
    { schema: { tags, summary: 'Whether the watch history is paused', response: { 200: HistorySettingsSchema } } },
    async (req) => history.historySettings(app.ctx, await requireUser(req)),
  );

  app.put(
    '/api/history/settings',
    {
      schema: {
        tags,
        summary: 'Pause or resume the watch history (while paused, watching records nothing)',
        body: HistorySettingsSchema,
        response: { 200: HistorySettingsSchema },
      },
    },
    async (req) => history.updateHistorySettings(app.ctx, await requireUser(req), req.body),
  );
};
