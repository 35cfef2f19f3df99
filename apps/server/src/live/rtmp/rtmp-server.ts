import net from 'node:net';
import type { Logger } from 'pino';
import type { RtmpConfig } from '../../config.ts';
import { RtmpSession, type PublishHandler } from './rtmp-session.ts';

/** The RTMP listener: one RtmpSession per TCP connection, within caps in all and per address. */
export class RtmpServer {
  private readonly server: net.Server;
  private readonly sessions = new Set<RtmpSession>();
  private readonly perAddress = new Map<string, number>();

  constructor(onPublish: PublishHandler, log: Logger, limits: RtmpConfig) {
    this.server = net.createServer((socket) => {
      const address = socket.remoteAddress ?? '?';
      const fromAddress = this.perAddress.get(address) ?? 0;
      if (this.sessions.size >= limits.maxConnections || fromAddress >= limits.maxConnectionsPerIp) {
        log.debug({ remote: address, open: this.sessions.size, fromAddress }, 'rtmp connection refused: too many');
        socket.on('error', () => undefined);
        socket.destroy();
        return;
      }
      const session = new RtmpSession(socket, onPublish, log, limits);
      this.sessions.add(session);
      this.perAddress.set(address, fromAddress + 1);
      socket.on('close', () => {
        this.sessions.delete(session);
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
      });
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
