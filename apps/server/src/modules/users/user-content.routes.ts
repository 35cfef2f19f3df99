import {
  ClipListSchema,
  PublicUserSchema,
  StreamListSchema,
  UserContentQuerySchema,
  UserStreamListQuerySchema,
  VideoListSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { listCreatorClips } from '../clips/clips.service.ts';
import { listCreatorStreams } from '../streams/streams.service.ts';
import { listCreatorVideos } from '../videos/videos.service.ts';
import { findUserByRef } from './users.service.ts';

const tags = ['users'];
const Params = z.object({ id: z.string().min(1).max(64) });

async function findUser(ctx: AppContext, ref: string) {
  const user = await findUserByRef(ctx.db, ref);
  if (!user) throw notFound('User not found', { code: 'user_not_found' });
  return user;
}
const creatorId = async (ctx: AppContext, ref: string): Promise<string> => (await findUser(ctx, ref)).id;

/**
 * A user's channel: who they are, and the tabs of their profile: one user's videos, clips and streams, a page at a time. Anyone sees what
 * is public; the user also sees their own that are still processing, and scheduled streams long past.
 * A kept (anonymous) answer is public, so signed-in readers may be served it, but their own misses
 * may hold their private items and are never kept.
 */
export const userContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: "A user's public profile: name, wallet and when they joined (by id or wallet address)",
        params: Params,
        response: { 200: PublicUserSchema },
      },
    },
    async (req) => {
      const { id, username, created_at, wallet_address } = await findUser(app.ctx, req.params.id);
      return { id, username, created_at, wallet_address };
    },
  );

  app.get(
    '/api/users/:id/videos',
    {
      config: { readCache: 'videos', readCacheSignedIn: 'hits' },
      schema: {
        tags,
        summary: "A user's videos, newest first (their own also while processing)",
        params: Params,
        querystring: UserContentQuerySchema,
        response: { 200: VideoListSchema },
      },
    },
    async (req) => {
      const id = await creatorId(app.ctx, req.params.id);
      return { videos: await listCreatorVideos(app.ctx, id, req.query, await currentUser(req)) };
    },
  );

  app.get(
    '/api/users/:id/clips',
    {
      config: { readCache: 'clips', readCacheSignedIn: 'hits' },
      schema: {
        tags,
        summary: "A user's clips, newest first (their own also while being cut)",
        params: Params,
        querystring: UserContentQuerySchema,
        response: { 200: ClipListSchema },
      },
    },
    async (req) => {
      const id = await creatorId(app.ctx, req.params.id);
      return { clips: await listCreatorClips(app.ctx, id, req.query, await currentUser(req)) };
    },
  );

  app.get(
    '/api/users/:id/streams',
    {
      config: { readCache: 'streams', readCacheSignedIn: 'hits' },
      schema: {
        tags,
        summary: "A user's streams: past (on air or ended, newest first) or scheduled (soonest first)",
        params: Params,
        querystring: UserStreamListQuerySchema,
        response: { 200: StreamListSchema },
      },
    },
    async (req) => {
      const id = await creatorId(app.ctx, req.params.id);
      return { streams: await listCreatorStreams(app.ctx, id, req.query, await currentUser(req)) };
    },
  );
};
