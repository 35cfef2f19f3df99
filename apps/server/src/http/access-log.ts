import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request (Fastify's default is two: one as it arrives, one as it ends). The
 * query string is left out: links such as a password reset carry secrets there.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const query = req.url.indexOf('?');
    req.log.info(
      {
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
