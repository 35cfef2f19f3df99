import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/**
 * One line per answered request (Fastify's default is two: one as it arrives, one as it ends). The
 * query string is left out: links such as a password reset carry secrets there.
 *
 * The line's fields are fixed and hold no secret, so it skips the logger's redaction, which walks every
 * logged object and would cost more than the rest of a cached read.
 *
 * Routes marked `quietWhenOk` (the health probes) are not logged when they succeed: an orchestrator
 * or load balancer asks every few seconds per process, and those lines would bury the rest (writing
 * one also costs more than answering the probe). A call that fails is logged like any other.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** a successful call of this route writes no access line */
    quietWhenOk?: boolean;
  }
}

export function registerAccessLog(app: FastifyInstance, logger: Logger): void {
  const access = logger.child({}, { redact: [] });
  app.addHook('onResponse', (req, reply, done) => {
    if (reply.statusCode < 400 && req.routeOptions.config.quietWhenOk) return done();
    const query = req.url.indexOf('?');
    access.info(
      {
        reqId: req.id,
        method: req.method,
        path: query === -1 ? req.url : req.url.slice(0, query),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
