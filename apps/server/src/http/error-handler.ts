import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@app/shared';
import { AppError, invalidInput } from './errors.ts';

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

/** One error shape for the whole API: `{detail, code}`; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
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

    req.log.error({ err }, 'unhandled error');
    const body: ApiErrorBody = { detail: 'Internal server error', code: 'internal' };
    return reply.status(500).send(body);
  });
}
