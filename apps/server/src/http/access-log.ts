import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/**
 * One line per answered request (Fastify's default is two: one as it arrives, one as it ends). The
 * query string is left out: links such as a password reset carry secrets there.
 *
 * The line's fields are fixed and hold no secret, so it skips the logger's redaction, which walks every
 * logged object and would cost more than the rest of a cached read.
 */
export function registerAccessLog(app: FastifyInstance, logger: Logger): void {
  const access = logger.child({}, { redact: [] });
  app.addHook('onResponse', (req, reply, done) => {
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
