import net from 'node:net';
import { decodeAmf0, encodeAmf0, type Amf0Value } from '../live/rtmp/amf0.ts';
import { ChunkReader, MsgType, type RtmpMessage } from '../live/rtmp/chunk-reader.ts';
import { encodeMessage } from '../live/rtmp/chunk-writer.ts';

const HANDSHAKE_SIZE = 1536;

/** C0+C1 then C2, as a publisher sends them (the server does not check C2's contents). */
export const handshakeBytes = (): Buffer => Buffer.concat([Buffer.from([3]), Buffer.alloc(HANDSHAKE_SIZE * 2, 7)]);

/** One command message on chunk stream 3, in chunks of the default 128 bytes. */
export const commandBytes = (streamId: number, ...values: Amf0Value[]): Buffer =>
  encodeMessage({ csid: 3, type: MsgType.CommandAmf0, streamId, body: encodeAmf0(...values) }, 128);

/**
 * A hand-driven RTMP publisher for attack tests: raw bytes when the test wants to misbehave, the
 * usual connect → createStream → publish when it wants to get past the key check. It reads the
 * server's replies with the server's own chunk reader.
 */
export class RtmpTestClient {
  readonly socket: net.Socket;
  readonly closed: Promise<void>;
  isClosed = false;
  readonly messages: RtmpMessage[] = [];
  private serverHandshake = 1 + HANDSHAKE_SIZE * 2;
  private readonly reader = new ChunkReader((m) => this.messages.push(m));

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('error', () => undefined); // the server cutting us is what the tests expect
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        resolve();
      }),
    );
    socket.on('data', (data: Buffer) => {
      const skip = Math.min(this.serverHandshake, data.length);
      this.serverHandshake -= skip;
      if (skip < data.length) this.reader.push(data.subarray(skip));
    });
  }

  static connect(port: number, localAddress = '127.0.0.1'): Promise<RtmpTestClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress });
      socket.once('connect', () => resolve(new RtmpTestClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Whether the server answered the handshake (S0+S1+S2 all arrived). */
  get shookHands(): boolean {
    return this.serverHandshake === 0;
  }

  write(bytes: Buffer): void {
    if (!this.isClosed) this.socket.write(bytes);
  }

  /** The status codes of every onStatus/_result/_error the server sent. */
  statusCodes(): string[] {
    return this.messages
      .filter((m) => m.type === MsgType.CommandAmf0)
      .flatMap((m) => decodeAmf0(m.body))
      .flatMap((v) =>
        v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && typeof v.code === 'string'
          ? [v.code]
          : [],
      );
  }

  /** Handshake, connect to /live, createStream and publish `key`; the verdict arrives later in statusCodes(). */
  publish(key: string): void {
    this.write(handshakeBytes());
    this.write(commandBytes(0, 'connect', 1, { app: 'live', type: 'nonprivate', tcUrl: 'rtmp://127.0.0.1/live' }));
    this.write(commandBytes(0, 'createStream', 2, null));
    this.write(commandBytes(1, 'publish', 3, null, key, 'live'));
  }

  end(): void {
    this.socket.destroy();
  }
}
