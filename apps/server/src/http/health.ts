import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { pingDatabase } from '../db/database.ts';

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

/** What `/readyz` says: `down` are dependencies without which this process cannot serve. */
export interface Readiness {
  status: 'ready' | 'degraded' | 'unavailable';
  /** dependencies that are down and stop this process from serving (the database) */
  down: string[];
  /** dependencies that are down while the process carries on without them (Redis) */
  degraded: string[];
}

/**
 * `/healthz` is liveness: the process answers (an orchestrator restarts it when it does not). It asks
 * no dependency, so an outage elsewhere never gets healthy processes killed.
 *
 * `/readyz` is readiness, for load balancers: 503 while the database does not answer, naming it, so
 * traffic goes to processes that can serve. Redis being away is reported as `degraded` with a 200:
 * every process carries on without it (rate limits and chat per process), and taking them all out of
 * the balancer for it would turn a degraded site into no site.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  const databaseAnswers = sharedProbe(
    () => pingDatabase(ctx.db),
    () => performance.now(),
  );
  // probes come every few seconds from every balancer: only a failing one goes to the access log
  const probe = { schema: { hide: true }, config: { quietWhenOk: true } };
  app.get('/healthz', probe, async () => ({ status: 'ok' }));
  app.get('/readyz', probe, async (req, reply) => {
    const down: string[] = [];
    const degraded: string[] = [];
    try {
      await databaseAnswers();
    } catch (err) {
      req.log.error({ err }, 'readiness: the database does not answer');
      down.push('database');
    }
    if (ctx.redis && ctx.redis.status !== 'ready') degraded.push('redis');
    const status: Readiness['status'] = down.length ? 'unavailable' : degraded.length ? 'degraded' : 'ready';
    if (down.length) void reply.code(503).header('retry-after', '5');
    return { status, down, degraded } satisfies Readiness;
  });
}
