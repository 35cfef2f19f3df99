import {
  ClipCreateSchema,
  ClipCreatedSchema,
  ClipLikeResultSchema,
  ClipListQuerySchema,
  ClipListSchema,
  ClipSchema,
  ClipStatsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/authenticate.ts';
import { viewerKey } from '../../http/viewer-key.ts';
import * as clips from './clips.service.ts';

const tags = ['clips'];
const Params = z.object({ id: z.string().min(1).max(64) });

export const clipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/clips/create',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary:
          'Cut a 10, 20, 40 or 60 s clip from a video (source_video_id) or a recorded stream (source_stream_id); pays 5 tokens',
        body: ClipCreateSchema,
        response: { 201: ClipCreatedSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await clips.createClip(app.ctx, await requireUser(req), req.body)),
  );

  app.get(
    '/api/clips',
    {
      config: { readCache: 'clips' },
      schema: {
        tags,
        summary: 'Ready clips, newest first, by category, length and creator wallet',
        querystring: ClipListQuerySchema,
        response: { 200: ClipListSchema },
      },
    },
    async (req) => ({ clips: await clips.listClips(app.ctx, req.query, await currentUser(req)) }),
  );

  app.get(
    '/api/clips/stats',
    { schema: { tags, summary: 'Platform totals for the clips browser', response: { 200: ClipStatsSchema } } },
    async () => clips.clipStats(app.ctx),
  );

  app.get(
    '/api/clips/:id',
    {
      config: { readCache: 'clips' },
      schema: {
        tags,
        summary: 'One clip (one still being cut only for its creator)',
        params: Params,
        response: { 200: ClipSchema },
      },
    },
    async (req) => clips.getClip(app.ctx, req.params.id, await currentUser(req)),
  );

  app.post(
    '/api/clips/:id/like',
    {
      schema: {
        tags,
        summary: 'Like a clip once; its creator earns 0.5 token',
        params: Params,
        response: { 200: ClipLikeResultSchema },
      },
    },
    async (req) => clips.likeClip(app.ctx, req.params.id, await requireUser(req)),
  );

  app.post(
    '/api/clips/:id/view',
    { schema: { tags, summary: 'Record a view (once per viewer per clip per 24 h)', params: Params } },
    async (req) => {
      const user = await currentUser(req);
      return clips.recordClipView(app.ctx, req.params.id, viewerKey(req, user), user);
    },
  );
};
