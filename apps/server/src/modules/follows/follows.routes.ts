import {
  CreatorRefSchema as Creator,
  FollowRequestSchema,
  FollowStatusSchema as FollowStatus,
  VideoListQuerySchema,
  VideoListSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate.ts';
import { follow, isFollowing, subscriptionFeed, unfollow } from './follows.service.ts';

const tags = ['follows'];

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscription-status/:creator',
    {
      schema: {
        tags,
        summary: 'Whether the signed-in user follows a creator (wallet or user id)',
        params: z.object({ creator: Creator }),
        response: { 200: FollowStatus },
      },
    },
    async (req) => isFollowing(app.ctx, await requireUser(req), req.params.creator),
  );

  app.post(
    '/api/subscribe',
    { schema: { tags, summary: 'Follow a creator', body: FollowRequestSchema, response: { 200: FollowStatus } } },
    async (req) => follow(app.ctx, await requireUser(req), req.body.creator_wallet),
  );

  app.delete(
    '/api/subscribe/:creator',
    {
      schema: {
        tags,
        summary: 'Unfollow a creator',
        params: z.object({ creator: Creator }),
        response: { 200: FollowStatus },
      },
    },
    async (req) => unfollow(app.ctx, await requireUser(req), req.params.creator),
  );

  app.get(
    '/api/subscriptions/videos',
    {
      schema: {
        tags,
        summary: 'Videos from creators the signed-in user follows',
        querystring: VideoListQuerySchema,
        response: { 200: VideoListSchema },
      },
    },
    async (req) => ({ videos: await subscriptionFeed(app.ctx, await requireUser(req), req.query) }),
  );
};
