import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../lib/sealed-box.ts';
import {
  RELAY_FRAME_MAX_BYTES,
  RELAY_PACKET_MAX_BYTES,
  decodeFrame,
  encodeFrame,
  type RelayFrame,
} from './rtp-relay-frame.ts';

const key = deriveKey('a root secret of at least thirty-two characters', 'rtp-relay');
const frame: RelayFrame = {
  type: 'packets',
  publisher: randomBytes(8),
  seq: 41,
  sentAt: Date.now(),
  packets: [
    { kind: 'video', data: randomBytes(1200) },
    { kind: 'audio', data: randomBytes(90) },
  ],
};

describe('RTP relay frames', () => {
  it('carry a batch and an end across unchanged', () => {
    const decoded = decodeFrame(key, 'stream1', encodeFrame(key, 'stream1', frame));
    expect(decoded).toEqual({ ...frame, packets: frame.packets.map((p) => ({ kind: p.kind, data: p.data })) });
    const end = decodeFrame(key, 'stream1', encodeFrame(key, 'stream1', { ...frame, type: 'end', packets: [] }));
    expect(end).toMatchObject({ type: 'end', seq: 41, packets: [] });
  });

  it('refuses a batch of another stream, signed with another key, or changed by one bit', () => {
    const message = encodeFrame(key, 'stream1', frame);
    expect(decodeFrame(key, 'stream2', message)).toBeNull();
    expect(
      decodeFrame(deriveKey('another root secret, also long enough to pass', 'rtp-relay'), 'stream1', message),
    ).toBeNull();
    for (const at of [0, 5, 20, 30, message.length - 1]) {
      const flipped = Buffer.from(message);
      flipped[at]! ^= 1;
      expect(decodeFrame(key, 'stream1', flipped)).toBeNull();
    }
  });

  it('never throws on garbage: short, huge, random, truncated, or lying about its lengths', () => {
    const message = encodeFrame(key, 'stream1', frame);
    const garbage = [
      Buffer.alloc(0),
      Buffer.from('TRB1'),
      randomBytes(64),
      Buffer.alloc(RELAY_FRAME_MAX_BYTES + 1),
      message.subarray(0, message.length - 1),
      ...Array.from({ length: 200 }, () => randomBytes(Math.floor(Math.random() * 2000))),
    ];
    for (const bytes of garbage) expect(decodeFrame(key, 'stream1', bytes)).toBeNull();
    // signed with the key, but lying about its layout: only the layout checks stand in the way
    const body = encodeFrame(key, 'stream1', frame).subarray(0, -16);
    const resign = (patch: (b: Buffer) => Buffer) => {
      const changed = patch(Buffer.from(body));
      const tag = createHmac('sha256', key)
        .update(Buffer.from([7]))
        .update('stream1')
        .update(changed)
        .digest();
      return Buffer.concat([changed, tag.subarray(0, 16)]);
    };
    expect(
      decodeFrame(
        key,
        'stream1',
        resign((b) => b),
      ),
    ).not.toBeNull(); // the re-signing is right
    const lies = [
      (b: Buffer) => (b.writeUInt8(9, 4), b), // no such type
      (b: Buffer) => (b.writeUInt16BE(3, 23), b), // more packets than sent
      (b: Buffer) => (b.writeUInt16BE(1, 23), b), // fewer: bytes left over
      (b: Buffer) => (b.writeUInt8(7, 25), b), // a packet of no kind
      (b: Buffer) => (b.writeUInt16BE(60_000, 26), b), // a length past the end
      (b: Buffer) => (b.writeUInt16BE(0, 26), b), // an empty packet
      (b: Buffer) => Buffer.concat([b, Buffer.from([0])]), // a stray byte
    ];
    for (const lie of lies) expect(decodeFrame(key, 'stream1', resign(lie))).toBeNull();
  });

  it('refuses a packet over the size ffmpeg sends', () => {
    const big = encodeFrame(key, 'stream1', {
      ...frame,
      packets: [{ kind: 'video', data: randomBytes(RELAY_PACKET_MAX_BYTES + 1) }],
    });
    expect(decodeFrame(key, 'stream1', big)).toBeNull();
  });
});
