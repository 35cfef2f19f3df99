import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';

/**
 * The network a client speaks from, as limits should count it: an IPv4 address as is, an IPv6
 * address as its /64 (one household or host is usually given a whole /64, so counting single
 * IPv6 addresses would let one client rotate through billions of them for free).
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!; // a zone id names a local interface, not a different client
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const full = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** A keyed hash for rows that outlive the request, so no raw address is stored. */
export const keyedHash = (appSecret: string, purpose: string, value: string): string =>
  createHmac('sha256', appSecret).update(`${purpose}|${value}`).digest('base64url').slice(0, 22);

/** A keyed hash of the client's network. */
export const clientNetworkKey = (appSecret: string, purpose: string, ip: string): string =>
  keyedHash(appSecret, purpose, clientNetwork(ip));
