/** One RTMP message, reassembled from its chunks. */
export interface RtmpMessage {
  type: number;
  streamId: number;
  timestamp: number;
  body: Buffer;
}

/** The peer broke the chunk protocol or a limit; the connection cannot go on. */
export class RtmpProtocolError extends Error {}

export const MsgType = {
  SetChunkSize: 1,
  Abort: 2,
  Ack: 3,
  UserControl: 4,
  WindowAckSize: 5,
  SetPeerBandwidth: 6,
  Audio: 8,
  Video: 9,
  DataAmf3: 15,
  CommandAmf3: 17,
  DataAmf0: 18,
  CommandAmf0: 20,
} as const;

const KiB = 1024;
const MiB = 1024 * KiB;

/** Below this a peer only multiplies our per-chunk work; no encoder sends less than the protocol default. */
export const MIN_CHUNK_SIZE = 128;
/** Every larger size means the same: a chunk never outgrows its message, whose length field has 3 bytes. */
const MAX_CHUNK_SIZE = 0xffffff;
/** ffmpeg and OBS use a handful (control, commands, audio, video); each one costs state */
const MAX_CHUNK_STREAMS = 64;

/**
 * The largest message of each type a publisher has reason to send. A 4K keyframe at broadcast
 * bitrates stays well under the video bound; audio frames, metadata and commands are tiny.
 */
export function maxMessageBytes(type: number): number {
  switch (type) {
    case MsgType.Video:
      return 8 * MiB;
    case MsgType.Audio:
      return 256 * KiB;
    case MsgType.SetChunkSize:
    case MsgType.Abort:
    case MsgType.Ack:
    case MsgType.UserControl:
    case MsgType.WindowAckSize:
    case MsgType.SetPeerBandwidth:
      return 64;
    default:
      return 64 * KiB;
  }
}

/** Room for one largest video message with audio and commands interleaved on other chunk streams. */
export const MAX_ASSEMBLING_BYTES = maxMessageBytes(MsgType.Video) + 2 * MiB;

interface ChunkStream {
  timestamp: number;
  delta: number;
  length: number;
  type: number;
  streamId: number;
  extended: boolean;
  /** the message being assembled: allocated once at its declared length, filled in place */
  body: Buffer | null;
  received: number;
}

const EMPTY = Buffer.alloc(0);

/**
 * The receiving half of the RTMP chunk stream. Bytes may arrive split anywhere; chunk payloads are
 * copied straight into their message's buffer as they arrive, so what is held is the messages
 * being assembled (bounded by `assemblingMax`) plus at most one partial chunk header.
 */
export class ChunkReader {
  chunkSize = MIN_CHUNK_SIZE;
  /** the most declared bytes of unfinished messages held at once; the session lowers it before a key is accepted */
  assemblingMax = MAX_ASSEMBLING_BYTES;
  /** set while the owner wants no more messages (bytes keep arriving into `pending`) */
  paused = false;
  private pending: Buffer = EMPTY;
  private readonly streams = new Map<number, ChunkStream>();
  /** the chunk stream whose payload is being read, and how much of this chunk is left */
  private current: ChunkStream | null = null;
  private chunkLeft = 0;
  private assembling = 0;

  constructor(private readonly onMessage: (message: RtmpMessage) => void) {}

  /** Memory held for the peer: messages in assembly plus unparsed bytes. */
  get heldBytes(): number {
    return this.assembling + this.pending.length;
  }

  push(data: Buffer): void {
    this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    this.parse();
  }

  /** Reads as far as the buffered bytes go (again after `paused` is cleared). */
  parse(): void {
    while (!this.paused && (this.current ? this.readPayload() : this.readHeader()));
  }

  private consume(n: number): void {
    this.pending = n >= this.pending.length ? EMPTY : this.pending.subarray(n);
  }

  /** A chunk header, only once all of it is buffered, so a split anywhere changes nothing. */
  private readHeader(): boolean {
    const b = this.pending;
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
    if (fmt > 0 && !prev) throw new RtmpProtocolError(`chunk stream ${csid} continues without a start`);
    if (!prev && this.streams.size >= MAX_CHUNK_STREAMS) throw new RtmpProtocolError('too many chunk streams');
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
    this.consume(p);

    const cs: ChunkStream = prev ?? {
      timestamp: 0,
      delta: 0,
      length,
      type,
      streamId,
      extended,
      body: null,
      received: 0,
    };
    const starting = !prev || prev.received === 0 || fmt !== 3;
    if (starting) {
      this.discard(cs);
      if (length > maxMessageBytes(type))
        throw new RtmpProtocolError(`message of type ${type} declares ${length} bytes`);
      if (this.assembling + length > this.assemblingMax)
        throw new RtmpProtocolError(`message of ${length} bytes is over the budget`);
      if (fmt === 0) {
        cs.timestamp = tsValue;
        cs.delta = 0;
      } else if (fmt === 3) {
        cs.timestamp = (cs.timestamp + cs.delta) >>> 0;
      } else {
        cs.delta = tsValue;
        cs.timestamp = (cs.timestamp + tsValue) >>> 0;
      }
      Object.assign(cs, { length, type, streamId, extended });
      cs.body = length === 0 ? EMPTY : Buffer.allocUnsafe(length);
      this.assembling += length;
    }
    this.streams.set(csid, cs);
    this.current = cs;
    this.chunkLeft = Math.min(this.chunkSize, cs.length - cs.received);
    if (this.chunkLeft === 0) this.endChunk(cs);
    return true;
  }

  /** As much of the current chunk's payload as has arrived, copied into its message. */
  private readPayload(): boolean {
    const cs = this.current!;
    const n = Math.min(this.chunkLeft, this.pending.length);
    if (n === 0) return false;
    this.pending.copy(cs.body!, cs.received, 0, n);
    cs.received += n;
    this.chunkLeft -= n;
    this.consume(n);
    if (this.chunkLeft === 0) this.endChunk(cs);
    return true;
  }

  private endChunk(cs: ChunkStream): void {
    this.current = null;
    if (cs.received < cs.length) return;
    const message = { type: cs.type, streamId: cs.streamId, timestamp: cs.timestamp, body: cs.body! };
    this.assembling -= cs.length;
    cs.body = null;
    cs.received = 0;
    this.control(message);
    this.onMessage(message);
  }

  /** A message left unfinished (a new header replaced it, or the peer aborted it) frees its buffer. */
  private discard(cs: ChunkStream): void {
    if (!cs.body) return;
    this.assembling -= cs.length;
    cs.body = null;
    cs.received = 0;
  }

  /** Messages that change how the following bytes are read take effect before the next chunk. */
  private control({ type, body }: RtmpMessage): void {
    if (type !== MsgType.SetChunkSize && type !== MsgType.Abort) return;
    if (body.length < 4) throw new RtmpProtocolError(`control message ${type} of ${body.length} bytes`);
    const value = body.readUInt32BE(0);
    if (type === MsgType.Abort) {
      const cs = this.streams.get(value);
      if (cs) this.discard(cs);
      return;
    }
    if (value > 0x7fffffff || value < MIN_CHUNK_SIZE) throw new RtmpProtocolError(`chunk size ${value}`);
    this.chunkSize = Math.min(value, MAX_CHUNK_SIZE);
  }
}
