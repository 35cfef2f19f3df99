import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context.ts';
import { countJobsByState } from '../jobs/jobs.repository.ts';
import { systemAccountBalances } from '../modules/ledger/ledger.repository.ts';
import { countLiveStreams } from '../modules/streams/streams.repository.ts';
import { unauthorized } from './errors.ts';

/**
 * Prometheus metrics, made only when METRICS_TOKEN is set (`ctx.meters`): without it nothing is
 * counted and `/metrics` does not exist, so the hot paths pay nothing for an unused feature.
 */
export function createMeters(token: string | undefined): Registry | undefined {
  if (!token) return undefined;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tarang_' });
  return registry;
}

/** The metric of that name in the registry, made on first use (several modules may ask for it). */
function meter<M extends Counter | Gauge>(registry: Registry, name: string, make: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? make();
}

/** Bytes of live video received, by way in (rtmp, browser): its rate is the ingest bitrate. */
export function countIngestBytes(ctx: AppContext, via: 'rtmp' | 'browser' | 'whip', bytes: number): void {
  const registry = ctx.meters;
  if (!registry) return;
  meter(
    registry,
    'tarang_ingest_bytes_total',
    () =>
      new Counter({
        name: 'tarang_ingest_bytes_total',
        help: 'Bytes of live video received (rate × 8 = ingest bitrate)',
        labelNames: ['via'],
        registers: [registry],
      }),
  ).inc({ via }, bytes);
}

const sameSecret = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * Request rates and latencies per route, job states, live streams, open sockets (websockets.ts),
 * ingest bytes, the system accounts of the ledger (the mint's balance is minus every token issued)
 * and the process (memory, event-loop lag, GC), at `/metrics` for `Authorization: Bearer METRICS_TOKEN`.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const registry = ctx.meters;
  const token = ctx.config.metricsToken;
  if (!registry || !token) return;
  const requests = new Histogram({
    name: 'tarang_http_request_duration_seconds',
    help: 'Time to answer a request, by route (the route pattern, not the URL) and status class',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: req.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });
  new Gauge({
    name: 'tarang_jobs',
    help: 'Background jobs by type and state (queued is the queue depth; failed ran out of attempts)',
    labelNames: ['type', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await countJobsByState(ctx.db)) this.set({ type: row.type, status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'tarang_live_streams',
    help: 'Streams on air',
    registers: [registry],
    async collect() {
      this.set(await countLiveStreams(ctx.db));
    },
  });
  new Gauge({
    name: 'tarang_ledger_system_balance',
    help: 'Balance of each system account in the smallest unit (micro-tokens, paise); the mint is minus all tokens issued',
    labelNames: ['account', 'currency'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await systemAccountBalances(ctx.db))
        this.set({ account: row.id, currency: row.currency }, Number(row.balance));
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, token)) throw unauthorized('A metrics token is required');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
