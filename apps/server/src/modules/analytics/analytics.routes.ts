import { DailyQuerySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate.ts';
import { creatorAnalytics } from './analytics.service.ts';
import { creatorDaily } from './creator-daily.service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/analytics/creator',
    { schema: { tags: ['analytics'], summary: "The signed-in creator's analytics, computed from stored data" } },
    async (req) => creatorAnalytics(app.ctx, (await requireUser(req)).id),
  );

  app.get(
    '/api/analytics/creator/daily',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "Views, likes, tokens earned, new followers and comments of the signed-in creator's content per UTC day",
        querystring: DailyQuerySchema,
      },
    },
    async (req) => creatorDaily(app.ctx, (await requireUser(req)).id, req.query.days),
  );
};
