import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** Reads the text fields of a multipart body that carries no file (file parts are refused). */
export async function readFields(req: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of req.parts({ limits: { files: 0, fields: 20, fieldSize: 64 * 1024 } })) {
    if (part.type === 'file') throw badRequest('This request takes no file');
    fields[part.fieldname] = String(part.value);
  }
  return fields;
}
