import { randomUUID } from 'node:crypto';
import {
  AddFundsSchema,
  AdvertiserAccountCreateSchema,
  CampaignActions,
  CampaignCreateSchema,
  DailyQuerySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/authenticate.ts';
import { addressKey } from '../../http/viewer-key.ts';
import { addFunds, createAccount, dashboard } from './advertisers.service.ts';
import { campaignDaily } from './campaign-daily.service.ts';
import { changeCampaign, createCampaign, listCampaigns, recordAdEvent, sponsoredFor } from './campaigns.service.ts';
import { keepReadCacheOnWrites } from '../../http/read-cache.ts';

const tags = ['advertisers'];
const Params = z.object({ id: z.string().min(1).max(64) });
const IdempotencyHeader = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

export const advertiserRoutes: FastifyPluginAsyncZod = async (app) => {
  // Nothing these write shows in a public read.
  keepReadCacheOnWrites(app);
  app.post(
    '/api/advertisers/account',
    { schema: { tags, summary: 'Create your advertiser account (one per user)', body: AdvertiserAccountCreateSchema } },
    async (req, reply) => reply.status(201).send(await createAccount(app.ctx, await requireUser(req), req.body)),
  );

  app.get(
    '/api/advertisers/dashboard',
    { schema: { tags, summary: 'Account and summary; 404 when you have no advertiser account' } },
    async (req) => dashboard(app.ctx, await requireUser(req)),
  );

  app.post(
    '/api/advertisers/funds',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Add funds (₹1000 or more, in steps of ₹100) through the payment provider',
        headers: IdempotencyHeader,
        body: AddFundsSchema,
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await addFunds(
            app.ctx,
            await requireUser(req),
            req.body.amount,
            req.headers['idempotency-key'] ?? randomUUID(),
          ),
        ),
  );

  app.get('/api/advertisers/campaigns', { schema: { tags, summary: 'Your campaigns, newest first' } }, async (req) => ({
    campaigns: await listCampaigns(app.ctx, await requireUser(req)),
  }));

  app.post(
    '/api/advertisers/campaigns',
    {
      schema: { tags, summary: 'Create a campaign; its budget moves out of your balance', body: CampaignCreateSchema },
    },
    async (req, reply) => reply.status(201).send(await createCampaign(app.ctx, await requireUser(req), req.body)),
  );

  app.post(
    '/api/advertisers/campaigns/:id/:action',
    {
      schema: {
        tags,
        summary: 'Pause, resume or cancel a campaign (cancel returns the unspent budget)',
        params: Params.extend({ action: z.enum(CampaignActions) }),
      },
    },
    async (req) => changeCampaign(app.ctx, await requireUser(req), req.params.id, req.params.action),
  );

  app.get(
    '/api/advertisers/campaigns/:id/daily',
    {
      schema: {
        tags,
        summary: "One of your campaigns' impressions, clicks and spend (paise) per UTC day",
        params: Params,
        querystring: DailyQuerySchema,
      },
    },
    async (req) => campaignDaily(app.ctx, await requireUser(req), req.params.id, req.query.days),
  );

  app.get(
    '/api/advertisers/sponsored',
    {
      schema: {
        tags,
        summary: 'Sponsored cards for a feed (optionally of one category)',
        querystring: z.object({ category: z.string().trim().max(40).optional() }),
      },
    },
    async (req) => ({ campaigns: await sponsoredFor(app.ctx, req.query.category, await currentUser(req)) }),
  );

  for (const kind of ['impression', 'click'] as const) {
    app.post(
      `/api/advertisers/campaigns/:id/${kind}`,
      {
        schema: {
          tags,
          summary: `Count a ${kind} of a sponsored card (once per viewer per hour, capped per address per day) and charge it`,
          params: Params,
        },
      },
      async (req) => {
        const user = await currentUser(req);
        return recordAdEvent(app.ctx, req.params.id, kind, addressKey(req), user);
      },
    );
  }
};
