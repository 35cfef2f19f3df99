import type { FastifyRequest } from 'fastify';
import type { UsersTable } from '../db/schema.ts';
import { userForToken } from '../modules/sessions/sessions.service.ts';
import { unauthorized } from './errors.ts';

const resolved = new WeakMap<FastifyRequest, Promise<UsersTable | undefined>>();

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in user, if the request carries a live bearer token (looked up once per request). */
export function currentUser(req: FastifyRequest): Promise<UsersTable | undefined> {
  let pending = resolved.get(req);
  if (!pending) {
    const token = bearerToken(req);
    pending = token ? userForToken(req.server.ctx.db, token) : Promise.resolve(undefined);
    resolved.set(req, pending);
  }
  return pending;
}

export async function requireUser(req: FastifyRequest): Promise<UsersTable> {
  const user = await currentUser(req);
  if (!user)
    throw bearerToken(req)
      ? unauthorized('Your session has expired. Please sign in again.', { code: 'session_expired' })
      : unauthorized('Please sign in first', { code: 'sign_in_required' });
  return user;
}
