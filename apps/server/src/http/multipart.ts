import type { FastifyRequest } from 'fastify';
import { NUL_TEXT_REFUSED, hasNulText } from '../lib/nul-text.ts';
import { badRequest, validationFailed } from './errors.ts';

type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]>;

/**
 * The parts of a multipart body, once its Content-Type names a boundary: without one the parser
 * throws a bare error deep inside, which would surface as a 500 instead of the client's mistake.
 */
export function multipartParts(req: FastifyRequest, opts: PartsOptions): ReturnType<FastifyRequest['parts']> {
  if (!/;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i.test(req.headers['content-type'] ?? '')) {
    throw badRequest('The multipart/form-data body has no boundary');
  }
  return req.parts(opts);
}

/** A text field's value, refused when it holds what no database column can (see lib/nul-text.ts). */
export function fieldText(name: string, value: unknown): string {
  const text = String(value);
  if (hasNulText(text) || hasNulText(name)) throw validationFailed(NUL_TEXT_REFUSED, { code: 'nul_character' });
  return text;
}

/** Reads the text fields of a multipart body that carries no file (file parts are refused). */
export async function readFields(req: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of multipartParts(req, { limits: { files: 0, fields: 20, fieldSize: 64 * 1024 } })) {
    if (part.type === 'file') throw badRequest('This request takes no file');
    fields[part.fieldname] = fieldText(part.fieldname, part.value);
  }
  return fields;
}
