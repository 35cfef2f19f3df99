import { createCipheriv } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { importer } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, MAX_LINKS, cidOf, cidOfFile, cidOfStream, createCidHasher, type DagShape } from './cid.ts';

/** Deterministic pseudo-random bytes (AES-128-CTR keystream): fast enough for 50 MB, same every run. */
function pseudoRandomBytes(size: number, seed = 1): Buffer {
  const key = Buffer.alloc(16, seed);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(size));
}

/**
 * The independent reference: the js-ipfs importer (ipfs-unixfs-importer) configured like
 * `ipfs add --cid-version 1` in kubo, every option spelled out rather than left to its defaults.
 */
async function referenceCid(
  data: Uint8Array,
  shape: DagShape = { chunkSize: CHUNK_SIZE, maxLinks: MAX_LINKS },
): Promise<string> {
  const entries = importer([{ content: data }], new MemoryBlockstore(), {
    cidVersion: 1,
    rawLeaves: true,
    reduceSingleLeafToSelf: true,
    chunker: fixedSize({ chunkSize: shape.chunkSize }),
    layout: balanced({ maxChildrenPerNode: shape.maxLinks }),
  });
  let cid = '';
  for await (const entry of entries) cid = entry.cid.toString();
  return cid;
}

const HELLO_WORLD_CID = 'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4';
const EMPTY_FILE_CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

describe('CID of a file, as `ipfs add --cid-version 1` prints it', () => {
  it('gives the known CIDs of "hello world\\n" and of the empty file, and the reference agrees', async () => {
    const hello = Buffer.from('hello world\n');
    expect(cidOf(hello)).toBe(HELLO_WORLD_CID);
    expect(await referenceCid(hello)).toBe(HELLO_WORLD_CID);
    expect(cidOf(new Uint8Array(0))).toBe(EMPTY_FILE_CID);
    expect(await referenceCid(new Uint8Array(0))).toBe(EMPTY_FILE_CID);
  });

  // Seeded, so a failure names a size that reproduces.
  const randomSizes = [7_777, 1_234_567, 3_000_001];

  it.each([
    ['1 byte', 1],
    ['one byte under a chunk', CHUNK_SIZE - 1],
    ['exactly one chunk (still a single raw leaf)', CHUNK_SIZE],
    ['one byte over a chunk (first dag-pb root)', CHUNK_SIZE + 1],
    ['a full first level', MAX_LINKS * CHUNK_SIZE],
    ['one byte past a full first level (second level)', MAX_LINKS * CHUNK_SIZE + 1],
    ...randomSizes.map((size) => [`${size} bytes`, size] as [string, number]),
  ])('matches the reference importer for %s', async (_name, size) => {
    const data = pseudoRandomBytes(size, size % 251);
    expect(cidOf(data)).toBe(await referenceCid(data));
  });

  it('matches the reference for 50 MB of pseudo-random bytes', async () => {
    const data = pseudoRandomBytes(50 * 1024 * 1024 + 99, 7);
    expect(cidOf(data)).toBe(await referenceCid(data));
  }, 30_000);

  // Kubo's shape needs about 8 GB to reach a third level; tiny shapes exercise the same tree logic
  // at every depth and every ragged right edge with a few hundred bytes.
  it.each([
    { chunkSize: 4, maxLinks: 3 }, // levels fill at 12, 36, 108 bytes
    { chunkSize: 5, maxLinks: 2 }, // and at 10, 20, 40, 80, 160 bytes
  ])(
    'matches the reference for every size up to four levels deep ($chunkSize-byte chunks, $maxLinks links)',
    async (shape) => {
      for (let size = 0; size <= 170; size++) {
        const data = pseudoRandomBytes(size, size % 13);
        expect(cidOf(data, shape), `${size} bytes`).toBe(await referenceCid(data, shape));
      }
    },
  );

  it('gives the same CID however the stream is cut', async () => {
    const data = pseudoRandomBytes(5 * CHUNK_SIZE + 777);
    const hasher = createCidHasher();
    for (let offset = 0, step = 1; offset < data.length; offset += step, step = (step * 7 + 13) % 100_003)
      hasher.update(data.subarray(offset, offset + step));
    expect(hasher.bytes).toBe(data.length);
    const expected = cidOf(data);
    expect(hasher.digest()).toBe(expected);
    expect(
      await cidOfStream(
        (async function* () {
          yield data.subarray(0, 10);
          yield data.subarray(10);
        })(),
      ),
    ).toBe(expected);

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cid-test-')), 'data.bin');
    fs.writeFileSync(file, data);
    expect(await cidOfFile(file)).toBe(expected);
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('refuses to be used after its digest', () => {
    const hasher = createCidHasher();
    hasher.digest();
    expect(() => hasher.update(new Uint8Array(1))).toThrow();
    expect(() => hasher.digest()).toThrow();
  });
});
