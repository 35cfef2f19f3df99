import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * The CID `ipfs add --cid-version 1` prints for a file, computed while the bytes stream past, with
 * memory that does not grow with the file. Kubo's defaults for that command: fixed 256 KiB chunks,
 * raw leaves (CIDv1, codec raw, sha2-256), and a balanced DAG of dag-pb nodes carrying UnixFS
 * `File` data with at most 174 links each. A file that fits in one chunk is just its raw leaf.
 */
export const CHUNK_SIZE = 262_144;
export const MAX_LINKS = 174;

const CODEC_RAW = 0x55;
const CODEC_DAG_PB = 0x70;
const MULTIHASH_SHA2_256 = 0x12;
const UNIXFS_TYPE_FILE = 2;

/** A finished subtree, as its parent links to it. */
interface Link {
  /** binary CID */
  cid: Buffer;
  /** dag-pb Tsize: encoded bytes of every block in the subtree */
  tsize: number;
  /** UnixFS blocksize: file bytes under the subtree */
  fileSize: number;
}

export interface CidHasher {
  update(data: Uint8Array): void;
  /** The CID as multibase base32 text (`bafk…` for one chunk, `bafy…` above); ends the hasher. */
  digest(): string;
  /** File bytes seen so far. */
  readonly bytes: number;
}

/**
 * The DAG's shape. Kubo's `--cid-version 1` defaults unless given; other values reproduce other
 * profiles (IPIP-499's unixfs-v1-2025 is 1 MiB chunks, 1024 links) and let tests build deep trees
 * from little data.
 */
export interface DagShape {
  chunkSize: number;
  maxLinks: number;
}

export function createCidHasher(shape: DagShape = { chunkSize: CHUNK_SIZE, maxLinks: MAX_LINKS }): CidHasher {
  const { chunkSize, maxLinks } = shape;
  if (!(Number.isInteger(chunkSize) && chunkSize > 0 && Number.isInteger(maxLinks) && maxLinks >= 2))
    throw new RangeError('Invalid DAG shape');
  // The leaf being filled is hashed incrementally, so chunk bytes are never copied or kept.
  let leafHash: Hash = createHash('sha256');
  let leafFilled = 0;
  let leafCount = 0;
  let total = 0;
  let finished = false;
  // levels[0] holds leaves not yet under a parent, levels[1] their finished parents, and so on.
  // A balanced DAG fills left to right, so a node is final once it has maxLinks children: only
  // one partial node per level is ever pending (< maxLinks links × depth in memory).
  const levels: Link[][] = [];

  const add = (level: number, link: Link): void => {
    const pending = (levels[level] ??= []);
    pending.push(link);
    if (pending.length === maxLinks) add(level + 1, parentOf(pending.splice(0)));
  };

  const finishLeaf = (): void => {
    const digest = leafHash.digest();
    add(0, { cid: cidBytes(CODEC_RAW, digest), tsize: leafFilled, fileSize: leafFilled });
    leafCount++;
    leafHash = createHash('sha256');
    leafFilled = 0;
  };

  const assertOpen = (): void => {
    if (finished) throw new Error('This CID hasher has already produced its digest');
  };

  return {
    get bytes() {
      return total;
    },
    update(data) {
      assertOpen();
      total += data.length;
      let offset = 0;
      while (offset < data.length) {
        const take = Math.min(chunkSize - leafFilled, data.length - offset);
        leafHash.update(offset === 0 && take === data.length ? data : data.subarray(offset, offset + take));
        leafFilled += take;
        offset += take;
        if (leafFilled === chunkSize) finishLeaf();
      }
    },
    digest() {
      assertOpen();
      finished = true;
      // Kubo gives the empty file one empty raw leaf (bafkreihdwdce…), so an empty input still hashes a leaf.
      if (leafFilled > 0 || leafCount === 0) finishLeaf();
      if (leafCount === 1) return toBase32(levels[0]![0]!.cid);
      return toBase32(closeTree(levels).cid);
    },
  };
}

/**
 * Closes the right edge of the tree. Every pending node below the top is wrapped in a parent, even
 * with a single child: kubo's balanced builder grows the rightmost branch to the root's full depth,
 * so a lone leaf after a full subtree sits under a chain of one-link nodes.
 */
function closeTree(levels: Link[][]): Link {
  const top = levels.length - 1;
  for (let level = 0; level < top; level++) {
    const pending = levels[level]!;
    if (pending.length > 0) levels[level + 1]!.push(parentOf(pending.splice(0)));
  }
  const roots = levels[top]!;
  // One link at the top (above the leaves) is the root itself; several still need their root node.
  return roots.length === 1 && top > 0 ? roots[0]! : parentOf(roots);
}

/** The CID of bytes already in memory (small files, tests). */
export function cidOf(data: Uint8Array, shape?: DagShape): string {
  const hasher = createCidHasher(shape);
  hasher.update(data);
  return hasher.digest();
}

/** The CID of a stream of chunks (a file read stream, a request body…). */
export async function cidOfStream(source: AsyncIterable<Uint8Array>): Promise<string> {
  const hasher = createCidHasher();
  for await (const chunk of source) hasher.update(chunk);
  return hasher.digest();
}

/** The CID of a file on disk, read in 1 MiB pieces. */
export function cidOfFile(file: string): Promise<string> {
  return cidOfStream(createReadStream(file, { highWaterMark: 4 * CHUNK_SIZE }));
}

/** A dag-pb node over `children`: encoded by hand, it is only a few fixed fields. */
function parentOf(children: Link[]): Link {
  let fileSize = 0;
  let tsize = 0;
  for (const child of children) {
    fileSize += child.fileSize;
    tsize += child.tsize;
  }
  // UnixFS Data: Type (1) = File, filesize (3), one blocksize (4) per child. Kubo leaves the
  // optional Data bytes field (2) out for intermediate nodes, so we do too.
  const unixfs: Uint8Array[] = [tag(1, VARINT), varint(UNIXFS_TYPE_FILE), tag(3, VARINT), varint(fileSize)];
  for (const child of children) unixfs.push(tag(4, VARINT), varint(child.fileSize));

  // dag-pb's canonical encoding puts every Link (2) before Data (1), whatever the field numbers say.
  // Each PBLink is Hash (1), Name (2, present but empty, as kubo writes it), Tsize (3).
  const parts: Uint8Array[] = [];
  for (const child of children) {
    const link = [lengthPrefixed(1, child.cid), lengthPrefixed(2, EMPTY), [tag(3, VARINT), varint(child.tsize)]].flat();
    parts.push(...lengthPrefixed(2, Buffer.concat(link)));
  }
  parts.push(...lengthPrefixed(1, Buffer.concat(unixfs)));
  const block = Buffer.concat(parts);

  return {
    cid: cidBytes(CODEC_DAG_PB, createHash('sha256').update(block).digest()),
    tsize: tsize + block.length,
    fileSize,
  };
}

const VARINT = 0;
const LENGTH_DELIMITED = 2;
const EMPTY = new Uint8Array(0);

const tag = (field: number, wireType: number): Uint8Array => varint(field * 8 + wireType);

const lengthPrefixed = (field: number, bytes: Uint8Array): Uint8Array[] => [
  tag(field, LENGTH_DELIMITED),
  varint(bytes.length),
  bytes,
];

/** Unsigned LEB128; sizes can pass 2^32, so it uses arithmetic rather than 32-bit shifts. */
function varint(value: number): Uint8Array {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return Uint8Array.from(out);
}

/** CIDv1 bytes: version, content codec, then the multihash (function code, length, digest). */
function cidBytes(codec: number, sha256Digest: Uint8Array): Buffer {
  return Buffer.concat([
    varint(1),
    varint(codec),
    varint(MULTIHASH_SHA2_256),
    varint(sha256Digest.length),
    sha256Digest,
  ]);
}

const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Multibase base32: RFC 4648 lower-case alphabet, no padding, 'b' prefix. */
function toBase32(bytes: Uint8Array): string {
  let out = 'b';
  let buffered = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffered = ((buffered << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(buffered >>> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffered << (5 - bits)) & 31];
  return out;
}
