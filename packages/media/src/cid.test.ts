import { createHash } from 'node:crypto';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { importer } from 'ipfs-unixfs-importer';
import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, MAX_LINKS, cidOf, createCidHasher } from './cid.ts';

/** Deterministic bytes: SHA-256 in counter mode. */
function bytes(size: number, seed = 'tarang'): Uint8Array {
  const out = Buffer.alloc(size);
  for (let i = 0, off = 0; off < size; i++, off += 32) createHash('sha256').update(`${seed}:${i}`).digest().copy(out, off);
  return out;
}

/** The reference: js-ipfs's importer with kubo's `--cid-version 1` defaults. */
async function referenceCid(data: Uint8Array): Promise<string> {
  let cid = '';
  for await (const entry of importer([{ content: data }], new MemoryBlockstore(), { cidVersion: 1, rawLeaves: true })) cid = entry.cid.toString();
  return cid;
}

describe('CID of a file', () => {
  it('matches the known CIDs of small inputs', () => {
    expect(cidOf(Buffer.from('hello world\n'))).toBe('bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4');
    expect(cidOf(new Uint8Array(0))).toBe('bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku');
  });

  it.each([
    ['1 byte', 1],
    ['one byte under a chunk', CHUNK_SIZE - 1],
    ['exactly one chunk', CHUNK_SIZE],
    ['one byte over a chunk', CHUNK_SIZE + 1],
    ['a full first level', MAX_LINKS * CHUNK_SIZE],
    ['one byte past a full level', MAX_LINKS * CHUNK_SIZE + 1],
    ['an odd size', 3 * CHUNK_SIZE + 12_345],
  ])('matches the reference importer for %s', async (_name, size) => {
    const data = bytes(size);
    expect(cidOf(data)).toBe(await referenceCid(data));
  });

  it('gives the same CID however the stream is cut', () => {
    const data = bytes(5 * CHUNK_SIZE + 777);
    const h = createCidHasher();
    for (let off = 0, step = 1; off < data.length; off += step, step = (step * 7 + 13) % 100_003) h.update(data.subarray(off, off + step));
    expect(h.digest()).toBe(cidOf(data));
  });

  it('matches the reference for a 50 MB file with a second-level tree', async () => {
    const data = bytes(50 * 1024 * 1024 + 99);
    expect(cidOf(data)).toBe(await referenceCid(data));
  }, 60_000);
});
