import type { FastifyRequest } from 'fastify';
import type { UsersTable } from '../db/schema.ts';
import { clientNetworkKey, keyedHash } from './client-network.ts';

/**
 * Who is watching, for once-per-viewer counting: the user when signed in, otherwise a keyed hash of
 * the client's address and browser (no raw IP is stored, and a client cannot mint new identities
 * just by sending a different id). The browser part is free to change, so this key may count a view
 * but never decides alone what is paid: see addressKey.
 */
export function viewerKey(req: FastifyRequest, user: UsersTable | undefined): string {
  if (user) return `user:${user.id}`;
  return `anon:${keyedHash(req.server.ctx.secrets.appSecret, 'viewer', `${req.ip}|${req.headers['user-agent'] ?? ''}`)}`;
}

/**
 * The client's network, for per-address caps on paid events: an IPv4 address, or the /64 of an IPv6
 * address (one subscriber usually holds a whole /64, so its single addresses cost nothing to rotate).
 */
export const addressKey = (req: FastifyRequest): string =>
  `addr:${clientNetworkKey(req.server.ctx.secrets.appSecret, 'address', req.ip)}`;
