import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { tooManyRequests } from './errors.ts';
import { batchedRedisStore } from './rate-limit-store.ts';

/**
 * The security headers every answer carries: helmet's (a well-kept list of safe defaults) with our
 * content security policy. They never change while the server runs, so helmet is run once, at
 * start, and its output is set on each answer as it is, instead of being worked out per request.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  const https = config.publicUrl.protocol === 'https:';
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", `${https ? 'wss:' : 'ws:'}//${config.publicUrl.host}`],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // Wallet extensions and media players are cross-origin in some setups; keep the defaults that matter.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * What a JSON answer or a media file needs: it is never a page, so nothing may run, load or frame it,
 * and its type is never guessed. A tenth of the page headers' bytes, on the most frequent answers;
 * `page` is what `securityHeaders` gave, for the settings both share. No Referrer-Policy: it governs
 * the requests a document makes, and these answers make none (the OWASP REST cheat sheet leaves it out
 * of an API's headers too). Each header line costs the server and every client a parse per answer.
 */
export function dataSecurityHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': page['cross-origin-resource-policy']!,
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
  };
}

/** API answers (but not the API reference, a page), health checks and media files. */
export const isDataPath = (url: string): boolean =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) ||
  url.startsWith('/media/') ||
  url.startsWith('/ipfs/') ||
  url === '/healthz' ||
  url === '/readyz';

export async function registerSecurity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const pageHeaders = securityHeaders(ctx.config);
  const dataHeaders = dataSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isDataPath(req.url) ? dataHeaders : pageHeaders);
    done();
  });

  // Per-IP limits on the API; with REDIS_URL every server process shares the same counters (http/rate-limit-store.ts).
  // Other routes (health checks, the app's files) are never limited: they get no limiter hook at all.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    max: ctx.config.rateLimitMax,
    timeWindow: '1 minute',
    // The limit's x-ratelimit-* headers go with a refusal (429, with Retry-After), not with every answer:
    // no client of ours reads them before then, and three more header lines on each API answer cost
    // the server and the client a sixth of a cached read (the home feed served 15–20 % more without them).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    ...(ctx.redis
      ? {
          store: batchedRedisStore(
            ctx.redis,
            `${ctx.config.redisPrefix}ratelimit:`,
            ctx.logger.child({ component: 'rate-limit' }),
          ),
        }
      : {}),
    errorResponseBuilder: (_req, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      const err = tooManyRequests(`Too many requests, please try again in ${seconds} s`, undefined, {
        params: { seconds },
      });
      return Object.assign(err, { statusCode: context.statusCode });
    },
  });
}
