import type { NotificationFrame } from '@app/shared';
import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import type { AppContext } from '../../context.ts';
import { tooManyRequests, unauthorized } from '../../http/errors.ts';
import { sendOrDrop, type SocketRoute } from '../../http/websockets.ts';
import { NOTIFICATIONS_CHANNEL, type LiveEvent } from '../../live/live-bus.ts';
import { userForToken } from '../sessions/sessions.service.ts';

const PING_MS = 30_000;
/** one user's open notification sockets in this process (tabs and devices); past it the handshake is refused */
export const SOCKETS_PER_USER = 10;
/** the client only listens: a few frames (pings) per window are plenty, more closes the socket */
const BUDGET = { frames: 10, bytes: 1024 };

/**
 * `/ws/notifications?token=…`: one socket per signed-in tab, which hears that user's new
 * notifications as they are created in any process (through the live bus). The session is checked
 * before the handshake, so a stranger never gets a socket.
 */
export class NotificationSockets {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly pinger: NodeJS.Timeout;
  private unsubscribe: (() => Promise<void>) | undefined;

  private constructor(private readonly ctx: AppContext) {
    this.pinger = setInterval(() => this.ping(), PING_MS);
    this.pinger.unref();
  }

  static async open(ctx: AppContext, log: Logger): Promise<NotificationSockets> {
    const hub = new NotificationSockets(ctx);
    hub.unsubscribe = await ctx.live.bus.subscribe(NOTIFICATIONS_CHANNEL, (event) => {
      try {
        hub.deliver(event);
      } catch (err) {
        log.warn({ err }, 'notifications not delivered');
      }
    });
    return hub;
  }

  readonly route: SocketRoute = {
    name: 'notifications',
    pattern: /^\/ws\/notifications$/,
    maxPayload: BUDGET.bytes,
    budget: BUDGET,
    open: async (_match, query) => {
      const token = query.get('token');
      const user = token ? await userForToken(this.ctx.db, token) : undefined;
      if (!user) return unauthorized('Please sign in first', { code: 'sign_in_required' });
      if ((this.byUser.get(user.id)?.size ?? 0) >= SOCKETS_PER_USER)
        return tooManyRequests('Too many open notification connections', 10);
      return (ws) => this.connect(ws, user.id);
    },
  };

  private connect(ws: WebSocket, userId: string): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Set()));
    sockets.add(ws);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('close', () => {
      sockets.delete(ws);
      if (sockets.size === 0 && this.byUser.get(userId) === sockets) this.byUser.delete(userId);
    });
  }

  private deliver(event: LiveEvent): void {
    if (event.type !== 'notifications') return;
    for (const { user_id, notification } of event.items) {
      const sockets = this.byUser.get(user_id);
      if (!sockets) continue;
      const frame: NotificationFrame = { type: 'notification', notification };
      const text = JSON.stringify(frame);
      for (const ws of sockets) sendOrDrop(ws, text, this.ctx.config.ws.maxBufferedBytes);
    }
  }

  private ping(): void {
    for (const sockets of this.byUser.values()) {
      for (const ws of sockets) {
        if (!this.alive.has(ws)) {
          ws.terminate();
          continue;
        }
        this.alive.delete(ws);
        ws.ping();
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.pinger);
    await this.unsubscribe?.();
  }
}
