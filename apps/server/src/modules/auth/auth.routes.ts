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
import { issueChallenge, loginWithEmail, registerWithEmail, verifyWallet } from './auth.service.ts';

const tags = ['auth'];

/** Login attempts per IP and email: slows password guessing without locking out the owner for long. */
const perEmailRateLimit = (route: string, max: number) => ({
  max,
  timeWindow: '15 minutes',
  hook: 'preHandler' as const, // after body parsing, so the key can include the email
  keyGenerator: (req: { ip: string; body?: unknown }) =>
    `${route}:${req.ip}:${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/challenge',
    { schema: { tags, summary: 'Get a Sign-In with Ethereum message to sign', body: ChallengeRequestSchema, response: { 200: ChallengeResponseSchema } } },
    (req) => issueChallenge(app.ctx, req.body.wallet_address),
  );

  app.post(
    '/api/auth/verify',
    { schema: { tags, summary: 'Exchange a signed challenge for a session token', body: VerifyRequestSchema, response: { 200: AuthResponseSchema } } },
    (req) => verifyWallet(app.ctx, req.body),
  );

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: perEmailRateLimit('register', 20) },
      schema: { tags, summary: 'Create an email account', body: RegisterRequestSchema, response: { 201: AuthResponseSchema } },
    },
    async (req, reply) => reply.status(201).send(await registerWithEmail(app.ctx, req.body)),
  );

  app.post(
    '/api/auth/login',
    { config: { rateLimit: perEmailRateLimit('login', 10) }, schema: { tags, summary: 'Sign in with email and password', body: LoginRequestSchema, response: { 200: AuthResponseSchema } } },
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
