import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import fc from 'fast-check';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handshakeBytes } from '../../testing/rtmp-client.ts';
import { encodeAmf0 } from './amf0.ts';
import { ChunkReader, MAX_ASSEMBLING_BYTES, MsgType, RtmpProtocolError, type RtmpMessage } from './chunk-reader.ts';
import { encodeMessage } from './chunk-writer.ts';
import { RtmpSession, type MediaSink } from './rtmp-session.ts';

/** Cuts `bytes` at the given points (any order, repeats allowed). */
const splitAt = (bytes: Buffer, cuts: number[]): Buffer[] => {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    pieces.push(bytes.subarray(from, p));
    from = p;
  }
  return pieces;
};

const header = (fmt: number, csid: number): Buffer => {
  if (csid < 64) return Buffer.from([(fmt << 6) | csid]);
  if (csid < 320) return Buffer.from([fmt << 6, csid - 64]);
  return Buffer.from([(fmt << 6) | 1, (csid - 64) & 0xff, (csid - 64) >> 8]);
};

interface Planned {
  csid: number;
  type: number;
  streamId: number;
  delta: number;
  body: Buffer;
  /** which header form to try for a message that follows another on its chunk stream */
  form: number;
}

interface Chunk {
  csid: number;
  bytes: Buffer;
  completes?: RtmpMessage;
}

/**
 * Encodes messages the way publishers may: a full header first, then (on the same chunk stream)
 * delta headers, headers that repeat the length and type, or none at all; extended timestamps when
 * a value needs 4 bytes; continuation chunks of `chunkSize`. Returns each chunk stream's chunks in
 * order, and what the reader must make of them.
 */
function encodeStreams(planned: Planned[], chunkSize: number): Map<number, Chunk[]> {
  const state = new Map<
    number,
    { timestamp: number; delta: number; length: number; type: number; streamId: number; extended: boolean }
  >();
  const streams = new Map<number, Chunk[]>();
  for (let m of planned) {
    const prev = state.get(m.csid);
    let fmt = 0;
    if (prev && prev.streamId === m.streamId) {
      fmt = [1, 2, 3][m.form % 3]!;
      // the shorter headers repeat the previous message's length and type
      if (fmt > 1)
        m = {
          ...m,
          type: prev.type,
          body: Buffer.concat([m.body, Buffer.alloc(prev.length)]).subarray(0, prev.length),
        };
    }
    const timestamp =
      fmt === 0
        ? prev
          ? (prev.timestamp + m.delta) >>> 0
          : m.delta
        : (prev!.timestamp + (fmt === 3 ? prev!.delta : m.delta)) >>> 0;
    const field = fmt === 0 ? timestamp : m.delta;
    const extended = fmt === 3 ? prev!.extended : field >= 0xffffff;
    const ext = Buffer.alloc(extended ? 4 : 0);
    if (extended) ext.writeUInt32BE(fmt === 3 ? 0 : field);
    const head = Buffer.alloc([11, 7, 3, 0][fmt]!);
    if (fmt <= 2) head.writeUIntBE(extended ? 0xffffff : field, 0, 3);
    if (fmt <= 1) {
      head.writeUIntBE(m.body.length, 3, 3);
      head[6] = m.type;
    }
    if (fmt === 0) head.writeUInt32LE(m.streamId, 7);
    state.set(m.csid, {
      timestamp,
      delta: fmt === 0 ? 0 : fmt === 3 ? prev!.delta : m.delta,
      length: m.body.length,
      type: m.type,
      streamId: m.streamId,
      extended,
    });

    const chunks = streams.get(m.csid) ?? [];
    let off = 0;
    do {
      const payload = m.body.subarray(off, off + chunkSize);
      const first = off === 0;
      off += payload.length;
      chunks.push({
        csid: m.csid,
        bytes: Buffer.concat(first ? [header(fmt, m.csid), head, ext, payload] : [header(3, m.csid), ext, payload]),
      });
    } while (off < m.body.length);
    chunks.at(-1)!.completes = { type: m.type, streamId: m.streamId, timestamp, body: m.body };
    streams.set(m.csid, chunks);
  }
  return streams;
}

const plannedArb = fc.record({
  csid: fc.constantFrom(3, 4, 5, 63, 64, 200, 319, 320, 4000),
  type: fc.constantFrom(MsgType.Audio, MsgType.Video, MsgType.DataAmf0, MsgType.CommandAmf0, MsgType.DataAmf3),
  streamId: fc.constantFrom(0, 1, 0xffffffff),
  delta: fc.oneof(
    fc.integer({ min: 0, max: 100 }),
    fc.integer({ min: 0xfffff0, max: 0x1000010 }),
    fc.constant(0xffffffff),
  ),
  body: fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a)),
  form: fc.nat(),
});

const read = (pieces: Buffer[], assemblingMax?: number): { messages: RtmpMessage[]; held: number[] } => {
  const messages: RtmpMessage[] = [];
  const held: number[] = [];
  const reader = new ChunkReader((m) => messages.push({ ...m, body: Buffer.from(m.body) }));
  if (assemblingMax) reader.assemblingMax = assemblingMax;
  for (const piece of pieces) {
    reader.push(piece);
    held.push(reader.heldBytes);
  }
  return { messages, held };
};

describe('RTMP chunk reader, fuzzed', () => {
  it('reads a valid sequence the same however its bytes are split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 128, max: 1000 }),
        fc.array(plannedArb, { maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 200 }),
        (chunkSize, planned, cuts, picks) => {
          const setSize = Buffer.alloc(4);
          setSize.writeUInt32BE(chunkSize);
          const sizeChunk: Chunk = {
            csid: 2,
            bytes: Buffer.concat([Buffer.from([2, 0, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0]), setSize]),
            completes: { type: 1, streamId: 0, timestamp: 0, body: setSize },
          };
          // chunk streams interleave; within one, chunks keep their order
          const queues = [...encodeStreams(planned, chunkSize).values()];
          const merged: Chunk[] = [sizeChunk];
          for (let i = 0; queues.some((q) => q.length > 0); i++) {
            const open = queues.filter((q) => q.length > 0);
            merged.push(open[(picks[i % Math.max(1, picks.length)] ?? 0) % open.length]!.shift()!);
          }
          const expected = merged.flatMap((c) => (c.completes ? [c.completes] : []));
          const bytes = Buffer.concat(merged.map((c) => c.bytes));

          const whole = read([bytes]);
          expect(whole.messages).toEqual(expected);
          expect(read(splitAt(bytes, cuts)).messages).toEqual(expected);
          expect(
            read(
              splitAt(
                bytes,
                Array.from({ length: bytes.length }, (_, i) => i),
              ),
            ).messages,
          ).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes any bytes without holding more than its budget, failing only with a protocol error', () => {
    const budget = 64 * 1024;
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 30 }), (pieces) => {
        let held: number[] = [];
        try {
          held = read(
            pieces.map((p) => Buffer.from(p)),
            budget,
          ).held;
        } catch (err) {
          expect(err).toBeInstanceOf(RtmpProtocolError);
        }
        // what is held: unfinished messages within the budget, plus at most one partial chunk header
        for (const h of held) expect(h).toBeLessThanOrEqual(budget + 18);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Enough of a socket for a session: it records what is written and whether it was destroyed. */
class FakeSocket extends EventEmitter {
  remoteAddress = '127.0.0.1';
  remotePort = 5000;
  writableLength = 0;
  destroyed = false;
  setNoDelay(): void {}
  setTimeout(): void {}
  pause(): void {}
  resume(): void {}
  write(): boolean {
    return true;
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('close');
  }
}

const sink: MediaSink = { write: () => true, onDrain: () => undefined, close: () => undefined };
const limits = { publishTimeoutMs: 60_000, readTimeoutMs: 60_000, preAuthMaxBytes: 64 * 1024 };
const command = (streamId: number, ...values: Parameters<typeof encodeAmf0>) => ({
  csid: 3,
  type: MsgType.CommandAmf0,
  streamId,
  body: encodeAmf0(...values),
});

describe('RTMP session, fuzzed through its socket', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never throws out of the data handler and never allocates past the unauthenticated budget', async () => {
    const messageArb = fc.oneof(
      fc.constant(command(0, 'connect', 1, { app: 'live' })),
      fc.constant(command(0, 'createStream', 2, null)),
      fc.constantFrom(
        command(1, 'publish', 3, null, 'good-key', 'live'),
        command(1, 'publish', 3, null, 'bad-key', 'live'),
      ),
      fc.record({
        csid: fc.integer({ min: 2, max: 63 }),
        type: fc.integer({ min: 0, max: 30 }),
        streamId: fc.nat(),
        body: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
      }),
    );
    // a header alone, announcing a message of any length: the reader must not take the length on trust
    const announceArb = fc
      .record({
        csid: fc.integer({ min: 2, max: 63 }),
        type: fc.constantFrom(MsgType.Audio, MsgType.Video, MsgType.DataAmf0, MsgType.CommandAmf0),
        length: fc.oneof(fc.integer({ min: 0, max: 0xffffff }), fc.integer({ min: 60_000, max: 70_000 })),
      })
      .map(({ csid, type, length }) => {
        const head = Buffer.alloc(11);
        head.writeUIntBE(length, 3, 3);
        head[6] = type;
        return Buffer.concat([header(0, csid), head]);
      });
    const pieceArb = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
      announceArb,
      // the chunk size is whatever this peer likes: a wrong one is one more kind of garbage
      fc.tuple(messageArb, fc.integer({ min: 1, max: 300 })).map(([m, size]) => encodeMessage(m, size)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(pieceArb, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (pieces, cuts) => {
          // each allocation against the budget of its moment: small until a key is accepted
          let budget = limits.preAuthMaxBytes;
          const overBudget: number[] = [];
          const allocUnsafe = Buffer.allocUnsafe.bind(Buffer);
          const spy = vi.spyOn(Buffer, 'allocUnsafe').mockImplementation((size: number) => {
            if (size > budget) overBudget.push(size);
            return allocUnsafe(size);
          });
          const accept = async (key: string) => {
            if (key !== 'good-key') return null;
            budget = MAX_ASSEMBLING_BYTES;
            return sink;
          };
          const socket = new FakeSocket();
          const session = new RtmpSession(socket as unknown as Socket, accept, pino({ level: 'silent' }), limits);
          try {
            for (const piece of splitAt(Buffer.concat([handshakeBytes(), ...pieces]), cuts)) {
              expect(() => socket.emit('data', piece)).not.toThrow();
              await new Promise(setImmediate); // lets a publish verdict land between pieces
            }
          } finally {
            session.close('done');
            spy.mockRestore();
          }
          expect(overBudget).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
