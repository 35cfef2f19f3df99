import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { registerAccessLog } from './http/access-log.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerHealth } from './http/health.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerNulTextGuard } from './http/nul-text-guard.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerReadCache } from './http/read-cache.ts';
import { lazyRequestLogger } from './http/request-logger.ts';
import { registerSecurity } from './http/security.ts';
import { createResponseSerializer } from './http/serializer.ts';
import { registerWebApp } from './http/web-app.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { emailAccountRoutes } from './modules/auth/email-account.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { userContentRoutes } from './modules/users/user-content.routes.ts';
import { followRoutes } from './modules/follows/follows.routes.ts';
import { videoRoutes } from './modules/videos/videos.routes.ts';
import { firstHomePage } from './modules/videos/videos.service.ts';
import { captionRoutes } from './modules/videos/captions.routes.ts';
import { mediaRoutes } from './storage/media.routes.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { streamRoutes } from './modules/streams/streams.routes.ts';
import { registerLive } from './live/live.plugin.ts';
import { clipRoutes } from './modules/clips/clips.routes.ts';
import { commentRoutes } from './modules/comments/comments.routes.ts';
import { viewingRoutes } from './modules/viewing/viewing.routes.ts';
import { advertiserRoutes } from './modules/advertisers/advertisers.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // one access-log line per request (http/access-log.ts) instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
  });
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ check: ctx.config.env !== 'production' }));
  registerErrorHandler(app);
  // a read-cache hit answers before the NUL guard: it is kept only for a URL that passed the guard
  registerReadCache(app, ctx.readCache);
  registerNulTextGuard(app);
  registerAccessLog(app, ctx.logger);
  registerMetrics(app, ctx);

  await registerSecurity(app, ctx);
  await app.register(multipart, { limits: { fileSize: 524_288_000, files: 1, fields: 20 } });
  await registerOpenApi(app);

  registerHealth(app, ctx);
  await app.register(authRoutes);
  await app.register(emailAccountRoutes);
  await app.register(userRoutes);
  await app.register(userContentRoutes);
  await app.register(videoRoutes);
  await app.register(captionRoutes);
  await app.register(followRoutes);
  await app.register(ticketRoutes);
  await app.register(analyticsRoutes);
  await app.register(streamRoutes);
  await registerLive(app);
  await app.register(clipRoutes);
  await app.register(commentRoutes);
  await app.register(viewingRoutes);
  await app.register(advertiserRoutes);
  await app.register(notificationRoutes);
  await app.register(historyRoutes);
  await app.register(mediaRoutes(ctx.blobs));

  await registerWebApp(app, ctx.config.webDist, { firstFeed: () => firstHomePage(ctx) });
  return app;
}
