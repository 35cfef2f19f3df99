import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UsersTable } from '../db/schema.ts';

/**
 * Who is watching, for once-per-viewer counting: the user when signed in, otherwise a keyed hash of
 * the client's address and browser (no raw IP is stored, and a client cannot mint new identities
 * just by sending a different id).
 */
export function viewerKey(req: FastifyRequest, user: UsersTable | undefined): string {
  if (user) return `user:${user.id}`;
  const mac = createHmac('sha256', req.server.ctx.secrets.appSecret)
    .update(`viewer|${req.ip}|${req.headers['user-agent'] ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
  return `anon:${mac}`;
}
