import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RtpKind } from './rtp-feed.ts';

/**
 * The wire format of the RTP relay between server processes (see rtp-relay.ts): one Redis message
 * carries a batch of a stream's RTP packets as the ingest process received them, or says the stream's
 * feed ended. Layout, big-endian:
 *
 *   magic "TRB1" | type u8 (1 packets, 2 end) | publisher 8 bytes | seq u32 | sent-at ms u48 | count u16
 *   count × (kind u8 (0 video, 1 audio) | length u16 | RTP packet)
 *   tag: the first 16 bytes of HMAC-SHA256(relay key, stream id ‖ everything above)
 *
 * The tag binds a batch to its stream and to the app's secret, so somebody who can publish on Redis
 * but does not know APP_SECRET cannot put pictures into a stream; every length is checked before it is
 * read, so no message, however broken, can make a reader throw.
 */
const MAGIC = Buffer.from('TRB1');
const TYPES = { packets: 1, end: 2 } as const;
const KINDS: RtpKind[] = ['video', 'audio'];
const HEADER_BYTES = 4 + 1 + 8 + 4 + 6 + 2;
const PACKET_HEADER_BYTES = 3;
const TAG_BYTES = 16;
/** ffmpeg sends packets of at most 1200 bytes (pkt_size); anything past an Ethernet frame is not ours */
export const RELAY_PACKET_MAX_BYTES = 1500;
/** a batch is a few milliseconds of one stream: tens of packets; a larger message is refused unread */
export const RELAY_FRAME_MAX_BYTES = 256 * 1024;
export const RELAY_PUBLISHER_BYTES = 8;

export interface RelayPacket {
  kind: RtpKind;
  data: Buffer;
}

export interface RelayFrame {
  type: keyof typeof TYPES;
  /** the ingest session that sent it (random per session): a new one restarts the sequence */
  publisher: Buffer;
  seq: number;
  sentAt: number;
  packets: RelayPacket[];
}

const tagOf = (key: Buffer, streamId: string, body: Buffer): Buffer =>
  createHmac('sha256', key)
    .update(Buffer.from([streamId.length]))
    .update(streamId)
    .update(body)
    .digest()
    .subarray(0, TAG_BYTES);

export function encodeFrame(key: Buffer, streamId: string, frame: RelayFrame): Buffer {
  const size = frame.packets.reduce((sum, p) => sum + PACKET_HEADER_BYTES + p.data.length, HEADER_BYTES);
  const body = Buffer.allocUnsafe(size);
  MAGIC.copy(body, 0);
  body.writeUInt8(TYPES[frame.type], 4);
  frame.publisher.copy(body, 5, 0, RELAY_PUBLISHER_BYTES);
  body.writeUInt32BE(frame.seq >>> 0, 13);
  body.writeUIntBE(frame.sentAt, 17, 6);
  body.writeUInt16BE(frame.packets.length, 23);
  let at = HEADER_BYTES;
  for (const { kind, data } of frame.packets) {
    body.writeUInt8(KINDS.indexOf(kind), at);
    body.writeUInt16BE(data.length, at + 1);
    data.copy(body, at + PACKET_HEADER_BYTES);
    at += PACKET_HEADER_BYTES + data.length;
  }
  return Buffer.concat([body, tagOf(key, streamId, body)]);
}

/** The frame in `message`, or null when it is not a well-formed frame of this stream signed with `key`. */
export function decodeFrame(key: Buffer, streamId: string, message: Buffer): RelayFrame | null {
  if (message.length < HEADER_BYTES + TAG_BYTES || message.length > RELAY_FRAME_MAX_BYTES) return null;
  const body = message.subarray(0, message.length - TAG_BYTES);
  if (!body.subarray(0, 4).equals(MAGIC)) return null;
  if (!timingSafeEqual(message.subarray(body.length), tagOf(key, streamId, body))) return null;
  const typeCode = body.readUInt8(4);
  const type = typeCode === TYPES.packets ? 'packets' : typeCode === TYPES.end ? 'end' : null;
  if (!type) return null;
  const count = body.readUInt16BE(23);
  const packets: RelayPacket[] = [];
  let at = HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    if (at + PACKET_HEADER_BYTES > body.length) return null;
    const kind = KINDS[body.readUInt8(at)];
    const length = body.readUInt16BE(at + 1);
    at += PACKET_HEADER_BYTES;
    if (!kind || length === 0 || length > RELAY_PACKET_MAX_BYTES || at + length > body.length) return null;
    packets.push({ kind, data: body.subarray(at, at + length) });
    at += length;
  }
  if (at !== body.length) return null;
  return {
    type,
    publisher: body.subarray(5, 5 + RELAY_PUBLISHER_BYTES),
    seq: body.readUInt32BE(13),
    sentAt: body.readUIntBE(17, 6),
    packets,
  };
}
