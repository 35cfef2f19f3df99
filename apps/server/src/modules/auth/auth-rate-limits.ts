import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientNetwork } from '../../http/client-network.ts';
import { tooManyRequests } from '../../http/errors.ts';

/**
 * A limit per client network on one sign-in step. It sits beside the per-account limit of the same
 * route (the plugin's route limit runs once per request, so this one is checked separately): a
 * spray over many emails or wallets from one place meets this one. With REDIS_URL the counters are
 * the plugin's shared ones.
 */
export function perNetworkLimit(app: FastifyInstance, step: string, max: number, timeWindow: string) {
  const check = app.createRateLimit({ max, timeWindow, keyGenerator: (req) => `${step}-net:${clientNetwork(req.ip)}` });
  return async (req: FastifyRequest): Promise<void> => {
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) {
      throw tooManyRequests(
        `Too many attempts from your network, please try again in ${result.ttlInSeconds} s`,
        result.ttlInSeconds,
        { code: 'too_many_attempts', params: { seconds: result.ttlInSeconds } },
      );
    }
  };
}

/** Attempts per network and email: slows password guessing on one account without locking out the owner for long. */
export const perAccountLimit = (step: string, max: number) => ({
  max,
  timeWindow: '15 minutes',
  hook: 'preHandler' as const, // after body parsing, so the key can include the email
  keyGenerator: (req: { ip: string; body?: unknown }) =>
    `${step}:${clientNetwork(req.ip)}:${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
});
