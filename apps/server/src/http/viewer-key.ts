import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { UsersTable } from '../db/schema.ts';

const keyed = (req: FastifyRequest, purpose: string, value: string): string =>
  createHmac('sha256', req.server.ctx.secrets.appSecret).update(`${purpose}|${value}`).digest('base64url').slice(0, 22);

/**
 * Who is watching, for once-per-viewer counting: the user when signed in, otherwise a keyed hash of
 * the client's address and browser (no raw IP is stored, and a client cannot mint new identities
 * just by sending a different id). The browser part is free to change, so this key may count a view
 * but never decides alone what is paid: see addressKey.
 */
export function viewerKey(req: FastifyRequest, user: UsersTable | undefined): string {
  if (user) return `user:${user.id}`;
  return `anon:${keyed(req, 'viewer', `${req.ip}|${req.headers['user-agent'] ?? ''}`)}`;
}

/**
 * The client's network, for per-address caps on paid events: an IPv4 address, or the /64 of an IPv6
 * address (one subscriber usually holds a whole /64, so its single addresses cost nothing to rotate).
 */
export function addressKey(req: FastifyRequest): string {
  return `addr:${keyed(req, 'address', networkOf(req.ip))}`;
}

function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
