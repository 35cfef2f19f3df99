import { randomUUID } from 'node:crypto';
import {
  ThumbnailChoicesSchema,
  ThumbnailLimits,
  TipsReceivedQuerySchema,
  VideoEditSchema,
  VideoLimits,
  VideoListQuerySchema,
  VideoListSchema,
  VideoSchema,
  VideoTipSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/authenticate.ts';
import { receiveFileUpload } from '../../http/file-upload.ts';
import { addressKey, viewerKey } from '../../http/viewer-key.ts';
import { NO_FILE, TOO_LARGE, createVideoFromUpload } from './upload.service.ts';
import * as videos from './videos.service.ts';
import {
  IMAGE_TOO_LARGE,
  NO_IMAGE,
  deleteVideo,
  editVideo,
  thumbnailChoices,
  uploadThumbnail,
} from './video-editing.service.ts';

const tags = ['videos'];
const Params = z.object({ id: z.string().min(1).max(64) });
const IdempotencyHeader = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/videos/upload',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary:
          'Upload a video (multipart: file, title, description, category, tags as a JSON list); ≤ 500 MB, probed by content',
        consumes: ['multipart/form-data'],
        response: { 201: VideoSchema },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req); // before a single byte of the body is read
      const upload = await receiveFileUpload(req, {
        tempDir: app.ctx.tempDir,
        maxBytes: VideoLimits.maxFileBytes,
        tooLarge: TOO_LARGE,
        fileField: 'file',
        missingFile: NO_FILE,
        idleTimeoutMs: app.ctx.config.uploadIdleTimeoutMs,
      });
      return reply.status(201).send(await createVideoFromUpload(app.ctx, user, upload));
    },
  );

  app.get(
    '/api/videos',
    {
      config: { readCache: 'videos', readCacheSignedIn: 'everyone' },
      schema: {
        tags,
        summary: 'Feed: recent, most viewed (sort=views), by category, or search (q)',
        querystring: VideoListQuerySchema,
        response: { 200: VideoListSchema },
      },
    },
    async (req) => ({ videos: await videos.listFeed(app.ctx, req.query) }),
  );

  app.get(
    '/api/videos/:id',
    {
      config: { readCache: 'videos', readCacheSignedIn: 'hits' },
      schema: { tags, summary: 'One video', params: Params, response: { 200: VideoSchema } },
    },
    async (req) => videos.getVideo(app.ctx, req.params.id, await currentUser(req)),
  );

  app.patch(
    '/api/videos/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Edit title, description, category, tags, or pick a candidate frame as the thumbnail; creator only',
        params: Params,
        body: VideoEditSchema,
        response: { 200: VideoSchema },
      },
    },
    async (req) => editVideo(app.ctx, await requireUser(req), req.params.id, req.body),
  );

  app.delete(
    '/api/videos/:id',
    {
      schema: {
        tags,
        summary: 'Delete a video (processing or not), its clips and comments; creator or staff; ledger history stays',
        params: Params,
      },
    },
    async (req, reply) => {
      await deleteVideo(app.ctx, await requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/videos/:id/thumbnail-choices',
    {
      schema: {
        tags,
        summary: 'The frames processing extracted as thumbnail candidates; creator only',
        params: Params,
        response: { 200: ThumbnailChoicesSchema },
      },
    },
    async (req) => thumbnailChoices(app.ctx, await requireUser(req), req.params.id),
  );

  app.put(
    '/api/videos/:id/thumbnail',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Upload a thumbnail (multipart: file, JPEG/PNG/WebP ≤ 5 MB, re-encoded by the server); creator only',
        consumes: ['multipart/form-data'],
        params: Params,
        response: { 200: VideoSchema },
      },
    },
    async (req) => {
      const user = await requireUser(req); // before a single byte of the body is read
      return uploadThumbnail(app.ctx, user, req.params.id, () =>
        receiveFileUpload(req, {
          tempDir: app.ctx.tempDir,
          maxBytes: ThumbnailLimits.maxImageBytes,
          tooLarge: IMAGE_TOO_LARGE,
          fileField: 'file',
          missingFile: NO_IMAGE,
          idleTimeoutMs: app.ctx.config.uploadIdleTimeoutMs,
        }),
      );
    },
  );

  app.post(
    '/api/videos/:id/view',
    {
      schema: {
        tags,
        summary: 'Record a view (once per viewer per video per 24 h; anonymous views capped per address)',
        params: Params,
      },
    },
    async (req) => {
      const user = await currentUser(req);
      return videos.recordView(
        app.ctx,
        req.params.id,
        { viewerKey: viewerKey(req, user), addressKey: addressKey(req) },
        user,
      );
    },
  );

  app.post(
    '/api/videos/:id/like',
    { schema: { tags, summary: 'Like a video (idempotent)', params: Params } },
    async (req) => videos.likeVideo(app.ctx, req.params.id, await requireUser(req)),
  );

  app.delete('/api/videos/:id/like', { schema: { tags, summary: 'Remove a like', params: Params } }, async (req) =>
    videos.unlikeVideo(app.ctx, req.params.id, await requireUser(req)),
  );

  app.post(
    '/api/videos/:id/tip',
    {
      schema: {
        tags,
        summary: 'Tip the creator; repeat the same Idempotency-Key header to retry without paying twice',
        params: Params,
        headers: IdempotencyHeader,
        body: VideoTipSchema,
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return videos.tipVideo(
        app.ctx,
        req.params.id,
        user,
        req.body.amount,
        req.headers['idempotency-key'] ?? randomUUID(),
      );
    },
  );

  app.get(
    '/api/user/tips',
    {
      schema: { tags, summary: 'Tips the signed-in user received, newest first', querystring: TipsReceivedQuerySchema },
    },
    async (req) => ({ tips: await videos.tipsReceived(app.ctx, (await requireUser(req)).id, req.query.limit) }),
  );

  app.get(
    '/api/user/videos',
    {
      schema: {
        tags,
        summary: "The signed-in user's videos, including those still processing",
        response: { 200: VideoListSchema },
      },
    },
    async (req) => ({ videos: await videos.listForCreator(app.ctx, (await requireUser(req)).id) }),
  );
};
