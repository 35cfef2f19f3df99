import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate.ts';
import { creatorAnalytics } from './analytics.service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/analytics/creator',
    { schema: { tags: ['analytics'], summary: "The signed-in creator's analytics, computed from stored data" } },
    async (req) => creatorAnalytics(app.ctx, (await requireUser(req)).id),
  );
};
