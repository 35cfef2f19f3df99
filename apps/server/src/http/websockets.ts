import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { StreamLimits } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { AppError, forbidden, notFound } from './errors.ts';
import { AddressGate, WindowCount, peerAddress } from './socket-limits.ts';

/** inbound budgets are counted over this window */
export const BUDGET_WINDOW_MS = 10_000;
/** How long a stopping server waits for its sockets to answer the restart close. */
export const RESTART_CLOSE_WAIT_MS = 1_000;
/** a socket closed for its behaviour gets this long to acknowledge before it is cut */
const CLOSE_GRACE_MS = 2_000;

/** What one socket may send per BUDGET_WINDOW_MS; over it the socket is closed (1008). */
export interface SocketBudget {
  frames: number;
  bytes: number;
}

/** Serves an accepted socket; `peer` is the address it came from (see peerAddress). */
export type SocketHandler = (ws: WebSocket, peer: string) => Promise<void> | void;

export interface SocketRoute {
  /** its label in the metrics */
  name: string;
  /** matched against the path; its groups are handed to `open` */
  pattern: RegExp;
  /** largest message accepted; a bigger one closes the socket (1009) */
  maxPayload: number;
  budget: SocketBudget;
  /** before the handshake: the handler, or an error answered over HTTP (that peer never gets to send a frame) */
  open(match: RegExpExecArray, query: URLSearchParams): Promise<SocketHandler | AppError>;
}

/**
 * WebSocket endpoints on the app's HTTP server. A browser handshake must come from this site (its
 * Origin's host is the Host it asked, or the public URL's), which stops other sites from opening
 * sockets with a visitor's session; clients that send no Origin (tools, servers) are let through,
 * as they carry no ambient credentials. Handshakes are limited per address, and every frame a
 * socket sends counts against its route's budget.
 */
export function registerWebSockets(app: FastifyInstance, routes: SocketRoute[]): void {
  const servers = routes.map((route) => ({
    route,
    wss: new WebSocketServer({ noServer: true, maxPayload: route.maxPayload }),
  }));
  const { config, meters } = app.ctx;
  if (meters)
    new Gauge({
      name: 'tarang_websockets_open',
      help: 'Open WebSockets in this process, by route (chat, ingest)',
      labelNames: ['route'],
      registers: [meters],
      collect() {
        for (const { route, wss } of servers) this.set({ route: route.name }, wss.clients.size);
      },
    });
  const publicOrigin = config.publicUrl.origin;
  const gate = new AddressGate(app.ctx.live.bus, config.ws);

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // the peer may drop the connection while the checks below wait
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    const found = servers.map((s) => ({ ...s, match: s.route.pattern.exec(url.pathname) })).find((s) => s.match);
    if (!found?.match) return refuse(socket, notFound());
    const origin = req.headers.origin;
    if (origin && !sameSite(origin, req.headers.host, publicOrigin))
      return refuse(socket, forbidden('This connection must come from this site'));
    const peer = peerAddress(req, config.trustProxy);
    const refusal = await gate.admit(peer);
    if (refusal) return refuse(socket, refusal);
    if (socket.destroyed) return gate.release(peer);
    socket.once('close', () => gate.release(peer));
    const handler = await found.route.open(found.match, url.searchParams);
    if (handler instanceof AppError) return refuse(socket, handler);
    if (socket.destroyed) return;
    found.wss.handleUpgrade(req, socket, head, (ws) => {
      // oversized frames and broken connections end the socket; they are not server errors
      ws.on('error', (err) => app.log.debug({ err }, 'websocket error'));
      enforceBudget(ws, found.route.budget);
      Promise.resolve(handler(ws, peer)).catch((err: unknown) => {
        app.log.error({ err }, 'websocket connect failed');
        ws.close(1011, 'Server error');
      });
    });
  }

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch((err: unknown) => {
      app.log.error({ err }, 'websocket handshake failed');
      refuse(socket, new AppError(500, 'internal', 'Internal Server Error'));
    });
  });
  // Stopping on purpose: every socket is told to come back (1012, "service restart"), which the web
  // client does at once, to whichever process the balancer picks; one that does not answer the close
  // within RESTART_CLOSE_WAIT_MS is cut.
  app.addHook('preClose', async () => {
    const closing = servers.flatMap(({ wss }) =>
      [...wss.clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            client.once('close', () => resolve());
            client.close(StreamLimits.restartCloseCode, 'Server restarting: reconnect');
          }),
      ),
    );
    await Promise.race([Promise.all(closing), new Promise((r) => setTimeout(r, RESTART_CLOSE_WAIT_MS).unref())]);
    for (const { wss } of servers) {
      for (const client of wss.clients) client.terminate();
      wss.close();
    }
  });
}

/**
 * Counts every frame (pings too) before any handler sees it, so a flood costs a counter, not a
 * reply each. Listeners run in the order they were added: this one is first.
 */
function enforceBudget(ws: WebSocket, budget: SocketBudget): void {
  const frames = new WindowCount(BUDGET_WINDOW_MS);
  const bytes = new WindowCount(BUDGET_WINDOW_MS);
  const count = (size: number) => {
    // still sending after we closed: it does not mean to stop
    if (ws.readyState !== WebSocket.OPEN) return ws.terminate();
    if (!frames.add(1, budget.frames) || !bytes.add(size, budget.bytes)) closeAndCut(ws, 1008, 'Too many messages');
  };
  ws.on('message', (data) => count(byteLength(data)));
  ws.on('ping', (data) => count(data.length));
}

const byteLength = (data: RawData): number =>
  Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;

/** Handles frames only while the socket is open: after a close (a spent budget, say) the rest are ignored. */
export function onFrame(ws: WebSocket, handler: (data: RawData, isBinary: boolean) => void): void {
  ws.on('message', (data, isBinary) => {
    if (ws.readyState === WebSocket.OPEN) handler(data, isBinary);
  });
}

/** Closes (1008: policy violation, …), reads no more, and cuts the connection if the peer does not answer soon. */
export function closeAndCut(ws: WebSocket, code: number, reason: string): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  ws.close(code, reason);
  ws.pause();
  setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
}

/** Sends unless the peer is this far behind in reading; such a reader is dropped rather than buffered without end. */
export function sendOrDrop(ws: WebSocket, text: string, maxBuffered: number): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  if (ws.bufferedAmount > maxBuffered) ws.terminate();
  else ws.send(text);
}

function sameSite(origin: string, host: string | undefined, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, err: AppError): void {
  if (socket.destroyed) return;
  const body = JSON.stringify(err.toBody());
  const head = [
    `HTTP/1.1 ${err.statusCode} ${STATUS_CODES[err.statusCode] ?? ''}`,
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
