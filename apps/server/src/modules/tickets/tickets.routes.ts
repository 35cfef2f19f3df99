import { TicketCreateSchema, TicketListQuerySchema, TicketReplySchema, TicketUpdateSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate.ts';
import * as tickets from './tickets.service.ts';
import { keepReadCacheOnWrites } from '../../http/read-cache.ts';

const tags = ['tickets'];
const Params = z.object({ id: z.string().min(1).max(64) });

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  // Nothing these write shows in a public read.
  keepReadCacheOnWrites(app);
  app.get(
    '/api/tickets/categories',
    { schema: { tags, summary: 'Ticket categories (no sign-in needed)' } },
    async () => ({
      categories: await tickets.listCategories(app.ctx),
    }),
  );

  app.get('/api/tickets/stats', { schema: { tags, summary: 'Ticket statistics (staff)' } }, async (req) =>
    tickets.ticketStats(app.ctx, await requireUser(req)),
  );

  app.get(
    '/api/tickets',
    {
      schema: {
        tags,
        summary: "The signed-in user's tickets; staff see all, with filters",
        querystring: TicketListQuerySchema,
      },
    },
    async (req) => ({ tickets: await tickets.listTickets(app.ctx, await requireUser(req), req.query) }),
  );

  app.post(
    '/api/tickets',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { tags, summary: 'Open a support ticket', body: TicketCreateSchema },
    },
    async (req, reply) => reply.status(201).send(await tickets.createTicket(app.ctx, await requireUser(req), req.body)),
  );

  app.get(
    '/api/tickets/:id',
    { schema: { tags, summary: 'A ticket with its conversation', params: Params } },
    async (req) => tickets.getTicket(app.ctx, await requireUser(req), req.params.id),
  );

  app.post(
    '/api/tickets/:id/replies',
    { schema: { tags, summary: 'Reply (staff may write internal notes)', params: Params, body: TicketReplySchema } },
    async (req, reply) =>
      reply.status(201).send(await tickets.replyToTicket(app.ctx, await requireUser(req), req.params.id, req.body)),
  );

  app.put(
    '/api/tickets/:id',
    { schema: { tags, summary: 'Change status or assignee (staff)', params: Params, body: TicketUpdateSchema } },
    async (req) => tickets.updateTicket(app.ctx, await requireUser(req), req.params.id, req.body),
  );
};
