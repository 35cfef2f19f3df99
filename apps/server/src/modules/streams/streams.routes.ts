import {
  StreamCreateSchema,
  StreamCreatedSchema,
  StreamDiscardedSchema,
  StreamIngestSchema,
  StreamListQuerySchema,
  StreamListSchema,
  StreamSchema,
  StreamScheduleSchema,
  StreamStatsSchema,
  StreamStoppedSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate.ts';
import { perUserLimit } from '../auth/auth-rate-limits.ts';
import * as streams from './streams.service.ts';

const tags = ['streams'];
const Params = z.object({ id: z.string().min(1).max(64) });

export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/streams/create',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Create a stream: returns its secret key and the RTMP address to publish to',
        body: StreamCreateSchema,
        response: { 201: StreamCreatedSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await streams.createStream(app.ctx, await requireUser(req), req.body)),
  );

  app.post(
    '/api/streams/schedule',
    {
      onRequest: perUserLimit(app, 'stream-schedule', 30, '1 hour'),
      schema: {
        tags,
        summary: 'Schedule a stream: a title and a start time within 90 days, listed as Upcoming until it goes live',
        body: StreamScheduleSchema,
        response: { 201: StreamSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await streams.scheduleStream(app.ctx, await requireUser(req), req.body)),
  );

  app.put(
    '/api/streams/:id/schedule',
    {
      onRequest: perUserLimit(app, 'stream-reschedule', 60, '1 hour'),
      schema: {
        tags,
        summary: 'Change a scheduled stream (creator only); DELETE /api/streams/{id} cancels it',
        params: Params,
        body: StreamScheduleSchema,
        response: { 200: StreamSchema },
      },
    },
    async (req) => streams.rescheduleStream(app.ctx, await requireUser(req), req.params.id, req.body),
  );

  app.get(
    '/api/streams',
    {
      config: { readCache: 'streams', readCacheSignedIn: 'everyone' },
      schema: {
        tags,
        summary: 'Live directory: live (default), ended, all or scheduled (upcoming) streams, by category or creator',
        querystring: StreamListQuerySchema,
        response: { 200: StreamListSchema },
      },
    },
    async (req) => ({ streams: await streams.listStreams(app.ctx, req.query) }),
  );

  app.get(
    '/api/streams/stats',
    {
      schema: {
        tags,
        summary:
          'Directory totals: streams live now, their viewers, tokens earned by all streams, streams ever started',
        response: { 200: StreamStatsSchema },
      },
    },
    async () => streams.streamStats(app.ctx),
  );

  app.get(
    '/api/user/streams',
    {
      schema: {
        tags,
        summary: "The signed-in user's streams, newest first, including ones not started",
        response: { 200: StreamListSchema },
      },
    },
    async (req) => ({ streams: await streams.listOwnStreams(app.ctx, await requireUser(req)) }),
  );

  app.get(
    '/api/streams/:id',
    {
      config: { readCache: 'streams', readCacheSignedIn: 'everyone' },
      schema: { tags, summary: 'One stream (never its key)', params: Params, response: { 200: StreamSchema } },
    },
    async (req) => streams.getStream(app.ctx, req.params.id),
  );

  app.get(
    '/api/streams/:id/ingest',
    {
      schema: {
        tags,
        summary: "The stream's key and ingest addresses (its creator only)",
        params: Params,
        response: { 200: StreamIngestSchema },
      },
    },
    async (req) => streams.streamIngest(app.ctx, await requireUser(req), req.params.id),
  );

  app.post(
    '/api/streams/:id/key',
    {
      schema: {
        tags,
        summary: 'Replace the stream key; the old one stops working at once (creator only)',
        params: Params,
        response: { 200: StreamIngestSchema },
      },
    },
    async (req) => streams.rotateStreamKey(app.ctx, await requireUser(req), req.params.id),
  );

  app.post(
    '/api/streams/:id/start',
    {
      schema: {
        tags,
        summary: 'Go live (creator only); publishing video also does',
        params: Params,
        response: { 200: StreamSchema },
      },
    },
    async (req) => streams.startStream(app.ctx, await requireUser(req), req.params.id),
  );

  app.post(
    '/api/streams/:id/stop',
    {
      schema: {
        tags,
        summary: 'End the stream (creator only): pays 2 tokens per live minute, at least 10, once; keeps the recording',
        params: Params,
        response: { 200: StreamStoppedSchema },
      },
    },
    async (req) => streams.stopStream(app.ctx, await requireUser(req), req.params.id),
  );

  app.delete(
    '/api/streams/:id',
    {
      schema: {
        tags,
        summary:
          'Discard a stream that never went live, or cancel a scheduled one (creator only); one that was live can only be ended',
        params: Params,
        response: { 200: StreamDiscardedSchema },
      },
    },
    async (req) => streams.discardStream(app.ctx, await requireUser(req), req.params.id),
  );
};
