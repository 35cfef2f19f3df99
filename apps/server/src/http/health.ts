import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { pingDatabase } from '../db/database.ts';
import { serviceUnavailable } from './errors.ts';

/** How long the database's last good answer stands for the health checks that follow. */
export const HEALTH_REUSE_MS = 1000;

/**
 * A health probe over `ping` that a flood of checks cannot turn into a flood of queries: checks that
 * arrive while a ping is under way wait for that one, and a good answer stands for `reuseMs`. A failed
 * ping stands for nothing, so the first check after the database comes back sees it.
 */
export function sharedProbe(
  ping: () => Promise<void>,
  now: () => number,
  reuseMs = HEALTH_REUSE_MS,
): () => Promise<void> {
  let goodAt = -Infinity;
  let pending: Promise<void> | undefined;
  return () => {
    if (now() - goodAt < reuseMs) return Promise.resolve();
    pending ??= ping()
      .then(() => void (goodAt = now()))
      .finally(() => (pending = undefined));
    return pending;
  };
}

/** `/healthz` for load balancers and orchestrators: 200 while the database answers, 503 when it does not. */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  const databaseAnswers = sharedProbe(
    () => pingDatabase(ctx.db),
    () => performance.now(),
  );
  app.get('/healthz', { schema: { hide: true } }, async (req) => {
    try {
      await databaseAnswers();
    } catch (err) {
      req.log.error({ err }, 'health check: the database does not answer');
      throw serviceUnavailable('The database does not answer', 5);
    }
    return { status: 'ok' };
  });
}
