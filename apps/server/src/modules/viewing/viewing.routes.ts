import {
  DailyQuerySchema,
  HeartbeatSchema,
  PayoutDecisionSchema,
  PayoutListQuerySchema,
  PayoutRequestSchema,
  ReferralClaimSchema,
  VideoRatingSchema,
  WatchSessionStartSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/authenticate.ts';
import { earningsDaily } from './earnings-daily.service.ts';
import { earningsSummary } from './earnings.service.ts';
import { decidePayout, listPayouts, requestPayout } from './payouts.service.ts';
import { rateVideo, videoRating } from './ratings.service.ts';
import { claimReferral } from './referrals.service.ts';
import { heartbeat, history, startSession, watchPosition } from './viewing.service.ts';

const tags = ['viewing'];
const Params = z.object({ id: z.string().min(1).max(64) });
const HistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

// Watch sessions, heartbeats (several a minute per viewer) and payouts change no public read.
const KEEPS_READ_CACHE = { keepsReadCache: true };

export const viewingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/viewing/sessions',
    {
      config: KEEPS_READ_CACHE,
      schema: {
        tags,
        summary: 'Open a watch session for a video (the player then sends heartbeats)',
        body: WatchSessionStartSchema,
      },
    },
    async (req, reply) =>
      reply.status(201).send(await startSession(app.ctx, await requireUser(req), req.body.video_id)),
  );

  app.post(
    '/api/viewing/sessions/:id/heartbeat',
    {
      config: KEEPS_READ_CACHE,
      schema: {
        tags,
        summary: "Report the player's position; the server credits only the real time that passed",
        params: Params,
        body: HeartbeatSchema,
      },
    },
    async (req) => heartbeat(app.ctx, await requireUser(req), req.params.id, req.body),
  );

  app.get(
    '/api/videos/:id/position',
    { schema: { tags, summary: 'Where the signed-in viewer last stopped in a video (to resume)', params: Params } },
    async (req) => watchPosition(app.ctx, await requireUser(req), req.params.id),
  );

  app.get(
    '/api/viewing/earnings',
    { schema: { tags, summary: "The signed-in viewer's earnings (rupees)" } },
    async (req) => earningsSummary(app.ctx, await requireUser(req)),
  );

  app.get(
    '/api/earnings/daily',
    {
      schema: {
        tags,
        summary: "The signed-in viewer's earnings per UTC day and category (paise)",
        querystring: DailyQuerySchema,
      },
    },
    async (req) => earningsDaily(app.ctx, await requireUser(req), req.query.days),
  );

  app.get(
    '/api/viewing/history',
    { schema: { tags, summary: 'Watch sessions, newest first', querystring: HistoryQuery } },
    async (req) => ({
      sessions: await history(app.ctx, await requireUser(req), req.query.limit),
    }),
  );

  app.post(
    '/api/viewing/payout',
    {
      config: KEEPS_READ_CACHE,
      schema: {
        tags,
        summary: 'Request a payout of all unpaid earnings (at least ₹5,000) by bank transfer or UPI',
        body: PayoutRequestSchema,
      },
    },
    async (req, reply) => reply.status(201).send(await requestPayout(app.ctx, await requireUser(req), req.body)),
  );

  app.get(
    '/api/viewing/payouts',
    { schema: { tags, summary: 'Payouts: your own, or every one for staff', querystring: PayoutListQuerySchema } },
    async (req) => ({ payouts: await listPayouts(app.ctx, await requireUser(req), req.query.status) }),
  );

  app.put(
    '/api/viewing/payouts/:id',
    {
      config: KEEPS_READ_CACHE,
      schema: {
        tags,
        summary: 'Mark a pending payout paid or rejected (staff)',
        params: Params,
        body: PayoutDecisionSchema,
      },
    },
    async (req) => decidePayout(app.ctx, await requireUser(req), req.params.id, req.body),
  );

  app.post(
    '/api/viewing/referral',
    {
      config: { ...KEEPS_READ_CACHE, rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { tags, summary: 'Record the referral code a new account signed up with', body: ReferralClaimSchema },
    },
    async (req, reply) => reply.status(201).send(await claimReferral(app.ctx, await requireUser(req), req.body.code)),
  );

  app.get(
    '/api/videos/:id/rating',
    { schema: { tags, summary: "A video's star rating, and yours", params: Params } },
    async (req) => videoRating(app.ctx, req.params.id, await currentUser(req)),
  );

  app.post(
    '/api/videos/:id/rating',
    { schema: { tags, summary: 'Rate a video 1–5 stars (quality feedback)', params: Params, body: VideoRatingSchema } },
    async (req) => rateVideo(app.ctx, await requireUser(req), req.params.id, req.body.rating),
  );
};
