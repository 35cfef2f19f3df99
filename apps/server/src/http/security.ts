import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { tooManyRequests } from './errors.ts';

export async function registerSecurity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ws = ctx.config.publicUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", `${ws}//${ctx.config.publicUrl.host}`],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: ctx.config.publicUrl.protocol === 'https:' ? [] : null,
      },
    },
    // Wallet extensions and media players are cross-origin in some setups; keep the defaults that matter.
    crossOriginEmbedderPolicy: false,
    hsts: ctx.config.publicUrl.protocol === 'https:',
  });

  // Per-IP limits on the API; with REDIS_URL every server process shares the same counters.
  await app.register(rateLimit, {
    global: true,
    max: ctx.config.rateLimitMax,
    timeWindow: '1 minute',
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: `${ctx.config.redisPrefix}ratelimit:` } : {}),
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, context) => {
      const err = tooManyRequests(`Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} s`);
      return Object.assign(err, { statusCode: context.statusCode });
    },
  });
}
