import {
  AuthResponseSchema,
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  VerifyRequestSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, requireUser } from '../../http/authenticate.ts';
import { revokeAllSessions, revokeSession } from '../sessions/sessions.service.ts';
import { perAccountLimit, perNetworkLimit } from './auth-rate-limits.ts';
import { issueChallenge, loginWithEmail, registerWithEmail, verifyWallet } from './auth.service.ts';
import { keepReadCacheOnWrites } from '../../http/read-cache.ts';
import { requestLanguage } from '../../http/request-language.ts';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Nothing these write shows in a public read.
  keepReadCacheOnWrites(app);
  const limits = app.ctx.config.authLimits;

  app.post(
    '/api/auth/challenge',
    {
      onRequest: perNetworkLimit(app, 'challenge', limits.walletPerIp, '15 minutes'),
      schema: {
        tags,
        summary: 'Get a Sign-In with Ethereum message to sign',
        body: ChallengeRequestSchema,
        response: { 200: ChallengeResponseSchema },
      },
    },
    (req) => issueChallenge(app.ctx, req.body.wallet_address),
  );

  app.post(
    '/api/auth/verify',
    {
      onRequest: perNetworkLimit(app, 'verify', limits.walletPerIp, '15 minutes'),
      schema: {
        tags,
        summary: 'Exchange a signed challenge for a session token',
        body: VerifyRequestSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    (req) => verifyWallet(app.ctx, req.body, req.ip),
  );

  app.post(
    '/api/auth/register',
    {
      onRequest: perNetworkLimit(app, 'register', limits.registerPerIp, '1 hour'),
      config: { rateLimit: perAccountLimit('register', 20) },
      schema: {
        tags,
        summary: 'Create an email account',
        body: RegisterRequestSchema,
        response: { 201: AuthResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await registerWithEmail(app.ctx, req.body, req.ip, requestLanguage(req))),
  );

  app.post(
    '/api/auth/login',
    {
      onRequest: perNetworkLimit(app, 'login', limits.loginPerIp, '15 minutes'),
      config: { rateLimit: perAccountLimit('login', 10) },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: LoginRequestSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    (req) => loginWithEmail(app.ctx, req.body),
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'Revoke this session token', response: { 204: z.null() } } },
    async (req, reply) => {
      await requireUser(req);
      await revokeSession(app.ctx.db, bearerToken(req)!);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/logout-all',
    { schema: { tags, summary: 'Revoke every session of the signed-in user', response: { 204: z.null() } } },
    async (req, reply) => {
      const user = await requireUser(req);
      await revokeAllSessions(app.ctx.db, user.id);
      return reply.status(204).send(null);
    },
  );
};
