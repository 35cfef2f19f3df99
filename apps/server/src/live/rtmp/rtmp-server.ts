import net from 'node:net';
import type { Logger } from 'pino';
import { RtmpSession, type PublishHandler } from './rtmp-session.ts';

/** The RTMP listener: one RtmpSession per TCP connection. */
export class RtmpServer {
  private readonly server: net.Server;
  private readonly sessions = new Set<RtmpSession>();

  constructor(onPublish: PublishHandler, log: Logger) {
    this.server = net.createServer((socket) => {
      const session = new RtmpSession(socket, onPublish, log);
      this.sessions.add(session);
      socket.on('close', () => this.sessions.delete(session));
    });
  }

  /** Resolves to the bound port (useful with port 0). */
  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  async close(): Promise<void> {
    for (const session of this.sessions) session.close('server stopping');
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
