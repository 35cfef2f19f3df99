import { createHash } from 'node:crypto';

/**
 * The CID `ipfs add --cid-version 1` prints for a file, computed while streaming with memory that
 * does not grow with the file: kubo's defaults are 256 KiB fixed-size chunks, raw leaves (CIDv1,
 * codec raw, sha2-256) and a balanced DAG of dag-pb/UnixFS nodes with at most 174 links each.
 */
export const CHUNK_SIZE = 262_144;
export const MAX_LINKS = 174;

const CODEC_RAW = 0x55;
const CODEC_DAG_PB = 0x70;
const SHA2_256 = 0x12;
const UNIXFS_FILE = 2;

interface Link {
  cid: Uint8Array;
  /** bytes of the whole subtree's blocks (dag-pb Tsize) */
  tsize: number;
  /** file bytes under the link (UnixFS blocksize) */
  fileSize: number;
}

export interface CidHasher {
  update(data: Uint8Array): void;
  /** The CID as base32 text (bafy… / bafk…); the hasher cannot be used afterwards. */
  digest(): string;
}

export function createCidHasher(): CidHasher {
  const buffer = Buffer.alloc(CHUNK_SIZE);
  let filled = 0;
  let leaves = 0;
  let done = false;
  // levels[0] holds leaves waiting for a parent, levels[1] their parents, and so on.
  const levels: Link[][] = [[]];

  const push = (level: number, link: Link) => {
    (levels[level] ??= []).push(link);
    // A full node never changes: write it as soon as it fills.
    if (levels[level]!.length === MAX_LINKS) push(level + 1, parentOf(levels[level]!.splice(0)));
  };
  const flushLeaf = () => {
    const chunk = buffer.subarray(0, filled);
    push(0, { cid: cidBytes(CODEC_RAW, sha256(chunk)), tsize: chunk.length, fileSize: chunk.length });
    leaves++;
    filled = 0;
  };

  return {
    update(data) {
      if (done) throw new Error('CID hasher already finished');
      let offset = 0;
      while (offset < data.length) {
        const n = Math.min(CHUNK_SIZE - filled, data.length - offset);
        buffer.set(data.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
        if (filled === CHUNK_SIZE) flushLeaf();
      }
    },
    digest() {
      if (done) throw new Error('CID hasher already finished');
      done = true;
      if (filled > 0 || leaves === 0) flushLeaf();
      if (leaves === 1) return toBase32Cid(levels[0]![0]!.cid);
      for (let level = 0; level < levels.length; level++) {
        const pending = levels[level]!;
        const higher = levels.slice(level + 1).some((l) => l.length > 0);
        if (pending.length > 1 || (pending.length === 1 && (higher || level === 0))) push(level + 1, parentOf(pending.splice(0)));
      }
      const top = levels.findLast((l) => l.length > 0)!;
      return toBase32Cid(top[0]!.cid);
    },
  };
}

/** The CID of a whole in-memory buffer (small files, tests). */
export function cidOf(data: Uint8Array): string {
  const h = createCidHasher();
  h.update(data);
  return h.digest();
}

function parentOf(children: Link[]): Link {
  const fileSize = children.reduce((s, c) => s + c.fileSize, 0);
  const unixfs = concat([
    field(1, 0), varint(UNIXFS_FILE),
    field(3, 0), varint(fileSize),
    ...children.flatMap((c) => [field(4, 0), varint(c.fileSize)]),
  ]);
  // dag-pb's canonical form: Links (field 2) before Data (field 1); each link is Hash, Name (""), Tsize.
  const block = concat([
    ...children.flatMap((c) => lengthDelimited(2, concat([lengthDelimited(1, c.cid), lengthDelimited(2, new Uint8Array(0)), field(3, 0), varint(c.tsize)]))),
    lengthDelimited(1, unixfs),
  ]);
  return { cid: cidBytes(CODEC_DAG_PB, sha256(block)), tsize: block.length + children.reduce((s, c) => s + c.tsize, 0), fileSize };
}

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();

function cidBytes(codec: number, digest: Uint8Array): Uint8Array {
  return concat([varint(1), varint(codec), varint(SHA2_256), varint(digest.length), digest]);
}

function varint(n: number): Uint8Array {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return Uint8Array.from(out);
}

const field = (num: number, wireType: number): Uint8Array => varint(num * 8 + wireType);
const lengthDelimited = (num: number, bytes: Uint8Array): Uint8Array => concat([field(num, 2), varint(bytes.length), bytes]);
const concat = (parts: Uint8Array[]): Uint8Array => Buffer.concat(parts);

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Multibase base32 (RFC 4648, lower case, no padding) with its 'b' prefix. */
function toBase32Cid(bytes: Uint8Array): string {
  let out = 'b';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}
