import type { FastifyInstance } from 'fastify';
import { NUL_TEXT_REFUSED, hasNulText } from '../lib/nul-text.ts';
import { validationFailed } from './errors.ts';

/**
 * Before any route sees its input: text no database column can hold (see lib/nul-text.ts) is the
 * client's mistake, refused with 400, not a 500 from PostgreSQL. Multipart fields go through `fieldText`.
 */
export function registerNulTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    if (hasNulText(req.params) || hasNulText(req.query) || hasNulText(req.body))
      done(validationFailed(NUL_TEXT_REFUSED, { code: 'nul_character' }));
    else done();
  });
}
