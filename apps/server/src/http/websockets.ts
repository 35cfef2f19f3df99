import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';

export interface SocketRoute {
  /** matched against the path; its groups are handed to `connect` */
  pattern: RegExp;
  /** largest message accepted; a bigger one closes the socket (1009) */
  maxPayload: number;
  connect(ws: WebSocket, req: IncomingMessage, match: RegExpExecArray, query: URLSearchParams): Promise<void> | void;
}

/**
 * WebSocket endpoints on the app's HTTP server. A browser handshake must come from this site (its
 * Origin's host is the Host it asked, or the public URL's), which stops other sites from opening
 * sockets with a visitor's session; clients that send no Origin (tools, servers) are let through,
 * as they carry no ambient credentials.
 */
export function registerWebSockets(app: FastifyInstance, routes: SocketRoute[]): void {
  const servers = routes.map((route) => ({ route, wss: new WebSocketServer({ noServer: true, maxPayload: route.maxPayload }) }));
  const publicOrigin = app.ctx.config.publicUrl.origin;

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const found = servers.map((s) => ({ ...s, match: s.route.pattern.exec(url.pathname) })).find((s) => s.match);
    if (!found?.match) return refuse(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    if (origin && !sameSite(origin, req.headers.host, publicOrigin)) return refuse(socket, 403, 'Forbidden');
    found.wss.handleUpgrade(req, socket, head, (ws) => {
      // oversized frames and broken connections end the socket; they are not server errors
      ws.on('error', (err) => app.log.debug({ err }, 'websocket error'));
      Promise.resolve(found.route.connect(ws, req, found.match!, url.searchParams)).catch((err: unknown) => {
        app.log.error({ err }, 'websocket connect failed');
        ws.close(1011, 'Server error');
      });
    });
  });
  app.addHook('onClose', async () => {
    for (const { wss } of servers) {
      for (const client of wss.clients) client.terminate();
      wss.close();
    }
  });
}

function sameSite(origin: string, host: string | undefined, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
