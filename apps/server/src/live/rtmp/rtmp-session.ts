import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { RtmpConfig } from '../../config.ts';
import { decodeAmf0, encodeAmf0, type Amf0Value } from './amf0.ts';
import { encodeMessage } from './chunk-writer.ts';
import { ChunkReader, MAX_ASSEMBLING_BYTES, MsgType, RtmpProtocolError, type RtmpMessage } from './chunk-reader.ts';

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
/** Commands and metadata (not audio/video): encoders send a few, captions at most one per frame */
const CONTROL_BURST = 200;
const CONTROL_PER_SECOND = 100;
/** replies the peer does not read stop here rather than in our memory */
const MAX_UNSENT_BYTES = 1024 * 1024;

export type SessionLimits = Pick<RtmpConfig, 'publishTimeoutMs' | 'readTimeoutMs' | 'preAuthMaxBytes'>;

/**
 * One RTMP connection, publish side only: the handshake, the chunk stream, the commands OBS and
 * ffmpeg send (connect, releaseStream, FCPublish, createStream, publish, FCUnpublish,
 * deleteStream), and audio/video handed to a sink as FLV tag bodies.
 *
 * Anyone can connect, so until a stream key is accepted the peer gets a small byte budget and a
 * deadline to name it; after that, message sizes, the memory of unfinished messages and the rate
 * of non-media messages stay bounded, and a silent peer is dropped.
 */
export class RtmpSession {
  private handshake: Buffer = Buffer.alloc(0);
  private phase: 'c0c1' | 'c2' | 'chunks' = 'c0c1';
  private outChunkSize = 128;
  private readonly reader = new ChunkReader((message) => this.handleMessage(message));
  private bytesIn = 0;
  private lastAck = 0;
  private peerWindow = 0;
  private waiting = false;
  private authenticated = false;
  private controlTokens = CONTROL_BURST;
  private controlRefilledAt = Date.now();
  private readonly deadline: NodeJS.Timeout;
  private sink: MediaSink | null = null;
  private closed = false;
  readonly remote: string;

  constructor(
    private readonly socket: Socket,
    private readonly onPublish: PublishHandler,
    private readonly log: Logger,
    private readonly limits: SessionLimits,
  ) {
    this.remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    this.reader.assemblingMax = limits.preAuthMaxBytes;
    this.deadline = setTimeout(() => this.close('no publish in time'), limits.publishTimeoutMs);
    socket.setNoDelay(true);
    // while a key is being checked the peer waits for our answer, so its silence is ours
    socket.setTimeout(limits.readTimeoutMs, () => {
      if (!this.waiting) this.close('read timeout');
    });
    socket.on('data', (data) => this.receive(data));
    socket.on('close', () => this.close('disconnected'));
    socket.on('error', (err) => this.log.debug({ err, remote: this.remote }, 'rtmp socket error'));
  }

  /** Ends the connection (the publisher left, sent garbage, or the stream was stopped). */
  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.deadline);
    this.log.debug({ remote: this.remote, reason }, 'rtmp session closed');
    this.sink?.close();
    this.sink = null;
    this.socket.destroy();
  }

  private receive(data: Buffer): void {
    if (this.closed) return;
    this.bytesIn += data.length;
    if (!this.authenticated && this.bytesIn > this.limits.preAuthMaxBytes)
      return this.close('over the byte budget before publishing');
    this.guarded(() => {
      this.acknowledge();
      if (this.phase === 'chunks') this.reader.push(data);
      else this.shake(data);
    });
  }

  /** Whatever the peer sent, a broken protocol or limit ends this connection and nothing else. */
  private guarded(read: () => void): void {
    try {
      read();
    } catch (err) {
      this.log.debug({ err, remote: this.remote }, 'rtmp protocol error');
      this.close(err instanceof RtmpProtocolError ? err.message : 'protocol error');
    }
  }

  private shake(data: Buffer): void {
    let buf = Buffer.concat([this.handshake, data]);
    if (this.phase === 'c0c1') {
      if (buf.length < 1 + HANDSHAKE_SIZE) return void (this.handshake = buf);
      if (buf[0] !== 3) return this.close('unsupported RTMP version');
      const c1 = buf.subarray(1, 1 + HANDSHAKE_SIZE);
      const s1 = Buffer.concat([Buffer.alloc(8), randomBytes(HANDSHAKE_SIZE - 8)]);
      this.socket.write(Buffer.concat([Buffer.from([3]), s1, c1]));
      buf = buf.subarray(1 + HANDSHAKE_SIZE);
      this.phase = 'c2';
    }
    if (buf.length < HANDSHAKE_SIZE) return void (this.handshake = buf);
    this.handshake = Buffer.alloc(0);
    this.phase = 'chunks';
    this.reader.push(buf.subarray(HANDSHAKE_SIZE));
  }

  private handleMessage({ type, streamId, timestamp, body }: RtmpMessage): void {
    if (type !== MsgType.Audio && type !== MsgType.Video && !this.spendControl())
      throw new RtmpProtocolError('too many non-media messages');
    switch (type) {
      case MsgType.WindowAckSize:
        if (body.length >= 4) this.peerWindow = body.readUInt32BE(0);
        return;
      case MsgType.Audio:
      case MsgType.Video:
        this.forward(type, timestamp, body);
        return;
      case MsgType.DataAmf0:
        this.forward(MsgType.DataAmf0, timestamp, withoutSetDataFrame(body));
        return;
      case MsgType.CommandAmf0:
        this.command(streamId, decodeAmf0(body));
        return;
      case MsgType.CommandAmf3:
        this.command(streamId, decodeAmf0(body.subarray(1)));
        return;
      default:
        return; // chunk size and aborts (read by the reader), acks, user control, AMF3 data: nothing to do for a publisher
    }
  }

  /** A token bucket: bursts are fine, an endless stream of commands or metadata is not. */
  private spendControl(): boolean {
    const now = Date.now();
    this.controlTokens = Math.min(
      CONTROL_BURST,
      this.controlTokens + ((now - this.controlRefilledAt) / 1000) * CONTROL_PER_SECOND,
    );
    this.controlRefilledAt = now;
    this.controlTokens -= 1;
    return this.controlTokens >= 0;
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
          this.sendCommand(
            3,
            0,
            '_error',
            txnId,
            null,
            status('error', 'NetConnection.Connect.Rejected', `Unknown application '${app}'; use /${APP}`),
          );
          return this.close('unknown app');
        }
        this.send(2, MsgType.WindowAckSize, 0, u32(WINDOW));
        this.send(2, MsgType.SetPeerBandwidth, 0, Buffer.concat([u32(WINDOW), Buffer.from([2])]));
        this.send(2, MsgType.SetChunkSize, 0, u32(OUT_CHUNK_SIZE));
        this.outChunkSize = OUT_CHUNK_SIZE;
        this.sendCommand(
          3,
          0,
          '_result',
          txnId,
          { fmsVer: 'FMS/3,0,1,123', capabilities: 31 },
          { ...status('status', 'NetConnection.Connect.Success', 'Connection succeeded.'), objectEncoding: 0 },
        );
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
      this.sendCommand(
        5,
        streamId,
        'onStatus',
        0,
        null,
        status('error', 'NetStream.Publish.BadName', 'Already publishing'),
      );
      return;
    }
    // nothing more is read until the verdict: media must wait for it, and the budget stays untouched
    clearTimeout(this.deadline);
    this.waiting = true;
    this.reader.paused = true;
    this.socket.pause();
    this.onPublish(key, this).then(
      (sink) => {
        this.waiting = false;
        if (this.closed) return sink?.close();
        if (!sink) {
          this.sendCommand(
            5,
            streamId,
            'onStatus',
            0,
            null,
            status('error', 'NetStream.Publish.BadName', 'Invalid or ended stream key'),
          );
          setTimeout(() => this.close('key refused'), 100);
          return;
        }
        this.sink = sink;
        this.authenticated = true;
        this.reader.assemblingMax = MAX_ASSEMBLING_BYTES;
        this.send(2, MsgType.UserControl, 0, Buffer.from([0, 0, 0, 0, 0, streamId])); // Stream Begin
        this.sendCommand(5, streamId, 'onStatus', 0, null, status('status', 'NetStream.Publish.Start', 'Publishing'));
        this.reader.paused = false;
        this.socket.resume();
        this.guarded(() => this.reader.parse());
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
      this.send(2, MsgType.Ack, 0, u32(this.bytesIn % 2 ** 32));
    }
  }

  private sendCommand(csid: number, streamId: number, ...values: Amf0Value[]): void {
    this.send(csid, MsgType.CommandAmf0, streamId, encodeAmf0(...values));
  }

  private send(csid: number, type: number, streamId: number, body: Buffer): void {
    if (this.closed) return;
    this.socket.write(encodeMessage({ csid, type, streamId, body }, this.outChunkSize));
    if (this.socket.writableLength > MAX_UNSENT_BYTES) this.close('peer does not read');
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
