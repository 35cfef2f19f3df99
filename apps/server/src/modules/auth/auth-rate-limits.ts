import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/authenticate.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { tooManyRequests } from '../../http/errors.ts';

/** A hook that counts requests under `key` (the plugin's counters: shared through Redis with REDIS_URL). */
function limitBy(
  app: FastifyInstance,
  max: number,
  timeWindow: string,
  key: (req: FastifyRequest) => string | Promise<string>,
  detail: (retryAfterSeconds: number) => string,
) {
  const check = app.createRateLimit({ max, timeWindow, keyGenerator: key });
  return async (req: FastifyRequest): Promise<void> => {
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded)
      throw tooManyRequests(detail(result.ttlInSeconds), result.ttlInSeconds, {
        code: 'too_many_attempts',
        params: { seconds: result.ttlInSeconds },
      });
  };
}

/**
 * A limit per client network on one sign-in step. It sits beside the per-account limit of the same
 * route (the plugin's route limit runs once per request, so this one is checked separately): a
 * spray over many emails or wallets from one place meets this one. With REDIS_URL the counters are
 * the plugin's shared ones.
 */
export const perNetworkLimit = (app: FastifyInstance, step: string, max: number, timeWindow: string) =>
  limitBy(
    app,
    max,
    timeWindow,
    (req) => `${step}-net:${clientNetwork(req.ip)}`,
    (s) => `Too many attempts from your network, please try again in ${s} s`,
  );

/**
 * A limit per signed-in account (it answers 401 first when nobody is): for steps that check the
 * current password, so a stolen session cannot guess it, and for steps that send mail.
 */
export const perUserLimit = (app: FastifyInstance, step: string, max: number, timeWindow: string) =>
  limitBy(
    app,
    max,
    timeWindow,
    async (req) => `${step}-user:${(await requireUser(req)).id}`,
    (s) => `Too many attempts, please try again in ${s} s`,
  );

const bodyEmail = (req: { body?: unknown }) =>
  String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();

/** Attempts per network and email: slows password guessing on one account without locking out the owner for long. */
export const perAccountLimit = (step: string, max: number) => ({
  max,
  timeWindow: '15 minutes',
  hook: 'preHandler' as const, // after body parsing, so the key can include the email
  keyGenerator: (req: { ip: string; body?: unknown }) => `${step}:${clientNetwork(req.ip)}:${bodyEmail(req)}`,
});

/** Mails to one address from anywhere: a mailbox cannot be flooded by asking from many networks. */
export const perAddressLimit = (step: string, max: number, timeWindow: string) => ({
  max,
  timeWindow,
  hook: 'preHandler' as const,
  keyGenerator: (req: { body?: unknown }) => `${step}-address:${bodyEmail(req)}`,
});
