import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { decodeAmf0, encodeAmf0, type Amf0Value } from './amf0.ts';

/** Where a publisher's audio, video and metadata go once its key was accepted. */
export interface MediaSink {
  /** one FLV tag's body; false asks the publisher to wait for `drain` */
  write(type: MediaType, timestamp: number, body: Buffer): boolean;
  onDrain(callback: () => void): void;
  /** the publisher left (or was cut) */
  close(): void;
}

/** Asked once per `publish`: a sink to accept the stream, null to refuse the key. */
export type PublishHandler = (streamName: string, session: RtmpSession) => Promise<MediaSink | null>;

export type MediaType = 8 | 9 | 18;

const HANDSHAKE_SIZE = 1536;
const APP = 'live';
const OUT_CHUNK_SIZE = 4096;
const WINDOW = 2_500_000;
const MAX_MESSAGE = 16 * 1024 * 1024;

const enum Msg {
  SetChunkSize = 1,
  Abort = 2,
  Ack = 3,
  UserControl = 4,
  WindowAckSize = 5,
  SetPeerBandwidth = 6,
  Audio = 8,
  Video = 9,
  DataAmf3 = 15,
  CommandAmf3 = 17,
  DataAmf0 = 18,
  CommandAmf0 = 20,
}

interface ChunkStream {
  timestamp: number;
  delta: number;
  length: number;
  type: number;
  streamId: number;
  extended: boolean;
  parts: Buffer[];
  received: number;
}

/**
 * One RTMP connection, publish side only: the handshake, the chunk stream, the commands OBS and
 * ffmpeg send (connect, releaseStream, FCPublish, createStream, publish, FCUnpublish,
 * deleteStream), and audio/video handed to a sink as FLV tag bodies.
 */
export class RtmpSession {
  private buf: Buffer = Buffer.alloc(0);
  private phase: 'c0c1' | 'c2' | 'chunks' = 'c0c1';
  private inChunkSize = 128;
  private outChunkSize = 128;
  private readonly streams = new Map<number, ChunkStream>();
  private bytesIn = 0;
  private lastAck = 0;
  private peerWindow = 0;
  private waiting = false;
  private sink: MediaSink | null = null;
  private closed = false;
  readonly remote: string;

  constructor(
    private readonly socket: Socket,
    private readonly onPublish: PublishHandler,
    private readonly log: Logger,
  ) {
    this.remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    socket.setNoDelay(true);
    socket.setTimeout(30_000, () => this.close('idle'));
    socket.on('data', (data) => this.receive(data));
    socket.on('close', () => this.close('disconnected'));
    socket.on('error', (err) => this.log.debug({ err, remote: this.remote }, 'rtmp socket error'));
  }

  /** Ends the connection (the publisher left, sent garbage, or the stream was stopped). */
  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.log.debug({ remote: this.remote, reason }, 'rtmp session closed');
    this.sink?.close();
    this.sink = null;
    this.socket.destroy();
  }

  private receive(data: Buffer): void {
    this.bytesIn += data.length;
    this.buf = this.buf.length === 0 ? data : Buffer.concat([this.buf, data]);
    this.acknowledge();
    this.drain();
  }

  private drain(): void {
    try {
      while (!this.closed && !this.waiting) {
        if (this.phase === 'c0c1') {
          if (this.buf.length < 1 + HANDSHAKE_SIZE) return;
          if (this.buf[0] !== 3) return this.close('unsupported RTMP version');
          const c1 = this.buf.subarray(1, 1 + HANDSHAKE_SIZE);
          const s1 = Buffer.concat([Buffer.alloc(8), randomBytes(HANDSHAKE_SIZE - 8)]);
          this.socket.write(Buffer.concat([Buffer.from([3]), s1, c1]));
          this.consume(1 + HANDSHAKE_SIZE);
          this.phase = 'c2';
        } else if (this.phase === 'c2') {
          if (this.buf.length < HANDSHAKE_SIZE) return;
          this.consume(HANDSHAKE_SIZE);
          this.phase = 'chunks';
        } else if (!this.readChunk()) {
          return;
        }
      }
    } catch (err) {
      this.log.debug({ err, remote: this.remote }, 'rtmp protocol error');
      this.close('protocol error');
    }
  }

  private consume(n: number): void {
    this.buf = this.buf.subarray(n);
  }

  /** Reads one chunk if all of it is buffered; state changes only once it is. */
  private readChunk(): boolean {
    const b = this.buf;
    if (b.length < 1) return false;
    const fmt = b[0]! >> 6;
    let csid = b[0]! & 0x3f;
    let p = 1;
    if (csid === 0) {
      if (b.length < 2) return false;
      csid = b[1]! + 64;
      p = 2;
    } else if (csid === 1) {
      if (b.length < 3) return false;
      csid = b[2]! * 256 + b[1]! + 64;
      p = 3;
    }
    const prev = this.streams.get(csid);
    if (fmt > 0 && !prev) throw new Error(`chunk stream ${csid} continues without a start`);
    const headerLen = [11, 7, 3, 0][fmt]!;
    if (b.length < p + headerLen) return false;
    const tsField = fmt <= 2 ? b.readUIntBE(p, 3) : 0;
    const length = fmt <= 1 ? b.readUIntBE(p + 3, 3) : prev!.length;
    const type = fmt <= 1 ? b[p + 6]! : prev!.type;
    const streamId = fmt === 0 ? b.readUInt32LE(p + 7) : prev!.streamId;
    p += headerLen;
    const extended = fmt <= 2 ? tsField === 0xffffff : prev!.extended;
    let tsValue = tsField;
    if (extended) {
      if (b.length < p + 4) return false;
      tsValue = b.readUInt32BE(p);
      p += 4;
    }
    if (length > MAX_MESSAGE) throw new Error(`message of ${length} bytes`);
    const starting = !prev || prev.received === 0 || fmt !== 3;
    const received = starting ? 0 : prev!.received;
    const size = Math.min(this.inChunkSize, length - received);
    if (b.length < p + size) return false;

    const cs: ChunkStream = prev ?? { timestamp: 0, delta: 0, length, type, streamId, extended, parts: [], received: 0 };
    if (starting) {
      if (fmt === 0) {
        cs.timestamp = tsValue;
        cs.delta = 0;
      } else if (fmt === 3) {
        cs.timestamp += cs.delta;
      } else {
        cs.delta = tsValue;
        cs.timestamp += tsValue;
      }
      cs.parts = [];
      cs.received = 0;
    }
    Object.assign(cs, { length, type, streamId, extended });
    cs.parts.push(Buffer.from(b.subarray(p, p + size)));
    cs.received += size;
    this.streams.set(csid, cs);
    this.consume(p + size);
    if (cs.received >= cs.length) {
      const body = cs.parts.length === 1 ? cs.parts[0]! : Buffer.concat(cs.parts);
      cs.parts = [];
      cs.received = 0;
      this.handleMessage(cs.type, cs.streamId, cs.timestamp >>> 0, body);
    }
    return true;
  }

  private handleMessage(type: number, streamId: number, timestamp: number, body: Buffer): void {
    switch (type) {
      case Msg.SetChunkSize:
        this.inChunkSize = Math.max(1, body.readUInt32BE(0) & 0x7fffffff);
        return;
      case Msg.WindowAckSize:
        this.peerWindow = body.readUInt32BE(0);
        return;
      case Msg.Audio:
      case Msg.Video:
        this.forward(type, timestamp, body);
        return;
      case Msg.DataAmf0:
        this.forward(Msg.DataAmf0, timestamp, withoutSetDataFrame(body));
        return;
      case Msg.CommandAmf0:
        this.command(streamId, decodeAmf0(body));
        return;
      case Msg.CommandAmf3:
        this.command(streamId, decodeAmf0(body.subarray(1)));
        return;
      default:
        return; // acks, user control, AMF3 data, aborts: nothing to do for a publisher
    }
  }

  private forward(type: MediaType, timestamp: number, body: Buffer): void {
    if (!this.sink || body.length === 0) return;
    if (!this.sink.write(type, timestamp, body)) {
      // ffmpeg is behind: stop reading the socket until it catches up (TCP pushes back on the publisher)
      this.socket.pause();
      this.sink.onDrain(() => this.socket.resume());
    }
  }

  private command(streamId: number, values: Amf0Value[]): void {
    const [name, txn] = values;
    const txnId = typeof txn === 'number' ? txn : 0;
    switch (name) {
      case 'connect': {
        const props = (values[2] ?? {}) as Record<string, Amf0Value>;
        const app = String(props.app ?? '').replace(/\/+$/, '');
        if (app !== APP) {
          this.sendCommand(3, 0, '_error', txnId, null, status('error', 'NetConnection.Connect.Rejected', `Unknown application '${app}'; use /${APP}`));
          return this.close('unknown app');
        }
        this.send(2, Msg.WindowAckSize, 0, u32(WINDOW));
        this.send(2, Msg.SetPeerBandwidth, 0, Buffer.concat([u32(WINDOW), Buffer.from([2])]));
        this.send(2, Msg.SetChunkSize, 0, u32(OUT_CHUNK_SIZE));
        this.outChunkSize = OUT_CHUNK_SIZE;
        this.sendCommand(3, 0, '_result', txnId, { fmsVer: 'FMS/3,0,1,123', capabilities: 31 }, { ...status('status', 'NetConnection.Connect.Success', 'Connection succeeded.'), objectEncoding: 0 });
        return;
      }
      case 'createStream':
        this.sendCommand(3, 0, '_result', txnId, null, 1);
        return;
      case 'publish':
        this.publish(streamId, String(values[3] ?? ''));
        return;
      case 'FCUnpublish':
      case 'deleteStream':
      case 'closeStream':
        this.sink?.close();
        this.sink = null;
        return;
      default:
        // releaseStream, FCPublish, getStreamLength, …: a reply keeps strict clients going
        if (txnId > 0) this.sendCommand(3, 0, '_result', txnId, null, undefined);
    }
  }

  private publish(streamId: number, rawName: string): void {
    const key = rawName.split('?')[0]!;
    if (this.sink) {
      this.sendCommand(5, streamId, 'onStatus', 0, null, status('error', 'NetStream.Publish.BadName', 'Already publishing'));
      return;
    }
    this.waiting = true; // media must wait for the verdict
    this.onPublish(key, this).then(
      (sink) => {
        this.waiting = false;
        if (this.closed) return sink?.close();
        if (!sink) {
          this.sendCommand(5, streamId, 'onStatus', 0, null, status('error', 'NetStream.Publish.BadName', 'Invalid or ended stream key'));
          setTimeout(() => this.close('key refused'), 100);
          return;
        }
        this.sink = sink;
        this.send(2, Msg.UserControl, 0, Buffer.from([0, 0, 0, 0, 0, streamId])); // Stream Begin
        this.sendCommand(5, streamId, 'onStatus', 0, null, status('status', 'NetStream.Publish.Start', 'Publishing'));
        this.drain();
      },
      (err: unknown) => {
        this.log.error({ err }, 'rtmp publish check failed');
        this.close('publish check failed');
      },
    );
  }

  private acknowledge(): void {
    if (this.peerWindow > 0 && this.bytesIn - this.lastAck >= this.peerWindow) {
      this.lastAck = this.bytesIn;
      this.send(2, Msg.Ack, 0, u32(this.bytesIn % 2 ** 32));
    }
  }


  private sendCommand(csid: number, streamId: number, ...values: Amf0Value[]): void {
    this.send(csid, Msg.CommandAmf0, streamId, encodeAmf0(...values));
  }

  /** One message: a type-0 header, then type-3 continuation chunks. */
  private send(csid: number, type: number, streamId: number, body: Buffer): void {
    if (this.closed) return;
    const header = Buffer.alloc(12);
    header[0] = csid;
    header.writeUIntBE(0, 1, 3);
    header.writeUIntBE(body.length, 4, 3);
    header[7] = type;
    header.writeUInt32LE(streamId, 8);
    const parts: Buffer[] = [header];
    for (let off = 0; off < body.length; off += this.outChunkSize) {
      if (off > 0) parts.push(Buffer.from([0xc0 | csid]));
      parts.push(body.subarray(off, off + this.outChunkSize));
    }
    this.socket.write(Buffer.concat(parts));
  }
}

const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

const status = (level: string, code: string, description: string) => ({ level, code, description });

/** `@setDataFrame` wraps onMetaData in RTMP; in FLV the metadata tag starts at onMetaData. */
function withoutSetDataFrame(body: Buffer): Buffer {
  if (body[0] !== 0x02 || body.length < 3) return body;
  const len = body.readUInt16BE(1);
  return body.toString('utf8', 3, 3 + len) === '@setDataFrame' ? body.subarray(3 + len) : body;
}
