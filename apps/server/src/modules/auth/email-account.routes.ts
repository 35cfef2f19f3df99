import {
  AuthResponseSchema,
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  EmailTokenRequestSchema,
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  UserSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, requireUser } from '../../http/authenticate.ts';
import { keepReadCacheOnWrites } from '../../http/read-cache.ts';
import { requestLanguage } from '../../http/request-language.ts';
import { perAddressLimit, perNetworkLimit, perUserLimit } from './auth-rate-limits.ts';
import { requestEmailChange, resendVerification, verifyEmail } from './email-verification.service.ts';
import { changePassword, requestPasswordReset, resetPassword } from './password-reset.service.ts';

const tags = ['auth'];
const accepted = { 202: z.null() };

/** Mailed links (address verification, password reset) and the account's password and address. */
export const emailAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Nothing these write shows in a public read.
  keepReadCacheOnWrites(app);
  const mailPerIp = app.ctx.config.mail.maxPerIpPerHour;
  const limits = app.ctx.config.authLimits;

  app.post(
    '/api/auth/email/verify',
    {
      onRequest: perNetworkLimit(app, 'email-verify', limits.loginPerIp, '15 minutes'),
      schema: {
        tags,
        summary: 'Follow an address verification link (also confirms a new address)',
        body: EmailTokenRequestSchema,
        response: { 200: UserSchema },
      },
    },
    (req) => verifyEmail(app.ctx, req.body.token, requestLanguage(req)),
  );

  app.post(
    '/api/auth/email/resend',
    {
      onRequest: [
        perNetworkLimit(app, 'email-resend', mailPerIp, '1 hour'),
        perUserLimit(app, 'email-resend', 3, '1 hour'),
      ],
      schema: { tags, summary: 'Mail the address verification link again', response: accepted },
    },
    async (req, reply) => {
      resendVerification(app.ctx, await requireUser(req), requestLanguage(req));
      return reply.status(202).send(null);
    },
  );

  app.post(
    '/api/auth/email/change',
    {
      onRequest: perUserLimit(app, 'email-change', 10, '15 minutes'),
      schema: {
        tags,
        summary: 'Ask to change the address: it takes effect once the link mailed to it is followed',
        body: ChangeEmailRequestSchema,
        response: accepted,
      },
    },
    async (req, reply) => {
      await requestEmailChange(app.ctx, await requireUser(req), req.body, requestLanguage(req));
      return reply.status(202).send(null);
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      onRequest: perNetworkLimit(app, 'forgot', mailPerIp, '1 hour'),
      config: { rateLimit: perAddressLimit('forgot', 5, '1 hour') },
      schema: {
        tags,
        summary: 'Mail a password reset link (the answer is the same whether the address has an account)',
        body: ForgotPasswordRequestSchema,
        response: accepted,
      },
    },
    async (req, reply) => {
      requestPasswordReset(app.ctx, req.body.email, requestLanguage(req));
      return reply.status(202).send(null);
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      onRequest: perNetworkLimit(app, 'password-reset', limits.loginPerIp, '15 minutes'),
      schema: {
        tags,
        summary: 'Follow a password reset link: set the password, end every session, start a new one',
        body: ResetPasswordRequestSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    (req) => resetPassword(app.ctx, req.body),
  );

  app.post(
    '/api/auth/password/change',
    {
      onRequest: perUserLimit(app, 'password-change', 10, '15 minutes'),
      schema: {
        tags,
        summary: 'Change the password: every other session ends, this one stays',
        body: ChangePasswordRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await changePassword(app.ctx, await requireUser(req), bearerToken(req)!, req.body, requestLanguage(req));
      return reply.status(204).send(null);
    },
  );
};
