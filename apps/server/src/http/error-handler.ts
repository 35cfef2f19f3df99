import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@app/shared';
import { databaseOutage } from '../db/outage.ts';
import { AppError, invalidInput } from './errors.ts';
import { staleAnswer } from './read-cache.ts';

/** Logs the first failure of an outage, then at most one line a minute while it lasts. */
class OutageLog {
  private lastAt = -Infinity;

  report(log: FastifyBaseLogger, err: unknown): void {
    const now = performance.now();
    if (now - this.lastAt < 60_000) return;
    this.lastAt = now;
    log.error({ err }, 'the database does not answer: requests get 503 until it does');
  }
}

const codeForStatus = (status: number): ErrorCode =>
  (
    ({
      400: 'bad_request',
      401: 'unauthorized',
      403: 'forbidden',
      404: 'not_found',
      409: 'conflict',
      413: 'payload_too_large',
      415: 'unsupported_media_type',
      429: 'rate_limited',
    }) as Record<number, ErrorCode>
  )[status] ?? 'bad_request';

/** Seconds a client is asked to wait after a 503/507 of a database outage. */
export const OUTAGE_RETRY_AFTER_S = 5;

/**
 * One error shape for the whole API: `{detail, code}`; 5xx never leak internals. A database outage is
 * a 503 with Retry-After (507 for a full disk), or, for an anonymous public read, the last answer the
 * read cache had; it is logged once per outage, not once per request.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const outages = new OutageLog();
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) void reply.header('retry-after', String(err.retryAfterSeconds));
      // A peer that went silent mid-body would keep the connection open for ever (its body is never
      // finished): it gets the answer, then the connection closes. Peers still sending are left alone,
      // as closing on them could cut the answer off.
      if (err.code === 'upload_stalled') reply.header('connection', 'close');
      return reply.status(err.statusCode).send(err.toBody());
    }

    if (hasZodFastifySchemaValidationErrors(err)) {
      const entry = err.validation[0];
      const path = entry?.instancePath.split('/').filter(Boolean) ?? [];
      const message = entry?.message ?? 'Invalid request';
      // the detail names the field, as the English fallback has nothing else to say which one
      const issue = entry && {
        ...entry.params,
        code: entry.keyword,
        path,
        message: path.length ? `${path.join('.')}: ${message}` : message,
      };
      return reply.status(400).send(invalidInput(issue, 'Invalid request').toBody());
    }

    const status = err.statusCode ?? 500;
    if (status < 500) {
      const body: ApiErrorBody = { detail: err.message || 'Bad request', code: codeForStatus(status) };
      return reply.status(status).send(body);
    }

    const outage = databaseOutage(err);
    if (outage) {
      const stale = staleAnswer(req);
      if (stale) return reply.type('application/json; charset=utf-8').header('x-served-stale', '1').send(stale);
      outages.report(req.log, err);
      const body: ApiErrorBody =
        outage === 'disk_full'
          ? {
              detail: 'The server is out of storage space; nothing was saved. Please try again later.',
              code: 'insufficient_storage',
            }
          : {
              detail: 'The service is briefly unavailable. Please try again in a few seconds.',
              code: 'service_unavailable',
            };
      return reply
        .status(outage === 'disk_full' ? 507 : 503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_S))
        .send(body);
    }

    req.log.error({ err }, 'unhandled error');
    const body: ApiErrorBody = { detail: 'Internal server error', code: 'internal' };
    return reply.status(500).send(body);
  });
}
