import { CaptionLimits, CaptionParamsSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/authenticate.ts';
import { receiveFileUpload } from '../../http/file-upload.ts';
import {
  CAPTION_TOO_LARGE,
  NO_CAPTION_FILE,
  addCaption,
  captionFile,
  listVideoCaptions,
  removeCaption,
} from './captions.service.ts';

const tags = ['videos'];
const VideoParams = z.object({ id: z.string().min(1).max(64) });

/** WebVTT captions: the creator uploads one file per language, the player loads them as `<track>`s. */
export const captionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/videos/:id/captions',
    { schema: { tags, summary: "A video's caption languages", params: VideoParams } },
    async (req) => listVideoCaptions(app.ctx, req.params.id, await currentUser(req)),
  );

  app.put(
    '/api/videos/:id/captions/:language',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Add or replace the captions in one language (multipart: file, WebVTT, ≤ 1 MB); creator only',
        consumes: ['multipart/form-data'],
        params: CaptionParamsSchema,
      },
    },
    async (req, reply) => {
      const user = await requireUser(req); // before a single byte of the body is read
      const caption = await addCaption(app.ctx, user, req.params.id, req.params.language, () =>
        receiveFileUpload(req, {
          tempDir: app.ctx.tempDir,
          maxBytes: CaptionLimits.maxFileBytes,
          tooLarge: CAPTION_TOO_LARGE,
          fileField: 'file',
          missingFile: NO_CAPTION_FILE,
          idleTimeoutMs: app.ctx.config.uploadIdleTimeoutMs,
        }),
      );
      return reply.status(201).send(caption);
    },
  );

  app.delete(
    '/api/videos/:id/captions/:language',
    { schema: { tags, summary: 'Remove the captions in one language; creator only', params: CaptionParamsSchema } },
    async (req, reply) => {
      await removeCaption(app.ctx, await requireUser(req), req.params.id, req.params.language);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/videos/:id/captions/:language',
    {
      schema: { tags, summary: 'The WebVTT file (text/vtt) of a published video', params: CaptionParamsSchema },
    },
    async (req, reply) => {
      const file = await captionFile(app.ctx, req.params.id, req.params.language);
      // Served as data (no script runs, the type is never sniffed), whatever text the file holds.
      return reply
        .type('text/vtt; charset=utf-8')
        .header('content-length', file.size)
        .header('cache-control', 'no-cache')
        .header('content-disposition', 'inline')
        .send(file.body);
    },
  );
};
