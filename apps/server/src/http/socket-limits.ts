import type { IncomingMessage } from 'node:http';
import type { LiveBus } from '../live/live-bus.ts';
import { clientNetwork } from './client-network.ts';
import { tooManyRequests, type AppError } from './errors.ts';

const HANDSHAKE_WINDOW_MS = 60_000;

/**
 * The network a handshake comes from, as the API's rate limits see it (the first X-Forwarded-For
 * hop only behind a trusted proxy; an IPv6 client's /64).
 */
export function peerAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        ?.trim()
    : '';
  return clientNetwork(forwarded || req.socket.remoteAddress || 'unknown');
}

/** A count that starts again once its window has passed: cheap enough to run on every frame. */
export class WindowCount {
  private start = Date.now();
  private used = 0;

  constructor(private readonly windowMs: number) {}

  /** adds n; false once the window's total is over the limit */
  add(n: number, limit: number): boolean {
    const now = Date.now();
    if (now - this.start >= this.windowMs) {
      this.start = now;
      this.used = 0;
    }
    this.used += n;
    return this.used <= limit;
  }
}

/**
 * WebSocket handshakes per address: so many a minute, counted over every process through the live
 * bus (Redis when configured), and so many sockets open at once. The open sockets are counted per
 * process, because a process that dies cannot take its share out of a shared count; behind a load
 * balancer an address may hold this many on each process.
 */
export class AddressGate {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly bus: LiveBus,
    private readonly limits: { upgradesPerMinute: number; socketsPerAddress: number },
  ) {}

  /** undefined when admitted, the socket then counted open until `release`; otherwise the refusal */
  async admit(address: string): Promise<AppError | undefined> {
    const open = this.open.get(address) ?? 0;
    if (open >= this.limits.socketsPerAddress)
      return tooManyRequests('Too many live connections from your network. Please close some tabs and try again.');
    // held before the shared count answers, so a burst cannot slip past the cap meanwhile
    this.open.set(address, open + 1);
    // a Redis outage must not lock every viewer out: the cap on open sockets still holds then
    const allowed = await this.bus
      .takeTurn(`ws-handshakes:${address}`, this.limits.upgradesPerMinute, HANDSHAKE_WINDOW_MS)
      .catch(() => true);
    if (allowed) return undefined;
    this.release(address);
    return tooManyRequests('Too many connection attempts from your network. Please wait a minute and try again.');
  }

  release(address: string): void {
    const left = (this.open.get(address) ?? 1) - 1;
    if (left > 0) this.open.set(address, left);
    else this.open.delete(address);
  }
}
