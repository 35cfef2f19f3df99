import {
  CommentCreateSchema,
  CommentLimits,
  CommentListQuerySchema,
  CommentListSchema,
  CommentReportSchema,
  CommentReportedSchema,
  CommentSchema,
  CommentSettingsSchema,
  type CommentTarget,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/authenticate.ts';
import { clientNetwork } from '../../http/client-network.ts';
import * as comments from './comments.service.ts';

const tags = ['comments'];
const Params = z.object({ id: z.string().min(1).max(64) });
const RESOURCES = { video: 'videos', clip: 'clips' } as const satisfies Record<CommentTarget, string>;

/** Counted per account (per network for a caller not signed in, who is refused anyway). */
const perUser =
  (step: string) =>
  async (req: FastifyRequest): Promise<string> =>
    `${step}:${(await currentUser(req))?.id ?? clientNetwork(req.ip)}`;

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['video', 'clip'] as const) {
    const resource = RESOURCES[kind];

    app.get(
      `/api/${resource}/:id/comments`,
      {
        config: { readCache: resource },
        schema: {
          tags,
          summary: `Top-level comments of a ${kind}, newest first (empty with comments_enabled false when turned off)`,
          params: Params,
          querystring: CommentListQuerySchema,
          response: { 200: CommentListSchema },
        },
      },
      async (req) => comments.listComments(app.ctx, kind, req.params.id, req.query),
    );

    app.post(
      `/api/${resource}/:id/comments`,
      {
        config: {
          rateLimit: { max: CommentLimits.postsPerHour, timeWindow: '1 hour', keyGenerator: perUser('comment') },
        },
        schema: {
          tags,
          summary: `Comment on a ${kind}, or reply to one of its top-level comments (parent_id); replies to replies are refused`,
          params: Params,
          body: CommentCreateSchema,
          response: { 201: CommentSchema },
        },
      },
      async (req, reply) => {
        const created = await comments.createComment(app.ctx, await requireUser(req), kind, req.params.id, req.body);
        return reply.status(201).send(created.comment);
      },
    );

    app.patch(
      `/api/${resource}/:id/comment-settings`,
      {
        schema: {
          tags,
          summary: `Turn comments on or off on a ${kind} (its creator only)`,
          params: Params,
          body: CommentSettingsSchema,
          response: { 200: CommentSettingsSchema },
        },
      },
      async (req) =>
        comments.setCommentsEnabled(app.ctx, await requireUser(req), kind, req.params.id, req.body.comments_enabled),
    );
  }

  app.get(
    '/api/comments/:id/replies',
    {
      schema: {
        tags,
        summary: 'Replies of a top-level comment, newest first',
        params: Params,
        querystring: CommentListQuerySchema,
        response: { 200: CommentListSchema },
      },
    },
    async (req) => comments.listReplies(app.ctx, req.params.id, req.query),
  );

  app.delete(
    '/api/comments/:id',
    {
      schema: {
        tags,
        summary: "Delete a comment (its author, the content's creator or staff); a comment's replies go with it",
        params: Params,
      },
    },
    async (req, reply) => {
      await comments.deleteComment(app.ctx, await requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/comments/:id/report',
    {
      config: { keepsReadCache: true, rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: perUser('report') } },
      schema: {
        tags,
        summary: 'Report a comment: opens a ticket in the report category quoting it',
        params: Params,
        body: CommentReportSchema,
        response: { 201: CommentReportedSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await comments.reportComment(app.ctx, await requireUser(req), req.params.id, req.body)),
  );
};
