import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

function writeTemp(content: string): string {
  const file = path.join(tmp(), 'upload');
  fs.writeFileSync(file, content);
  return file;
}

// The same behaviour from both stores; S3 is exercised against s3rver, a real S3-protocol server.
const stores: Array<[string, () => Promise<{ store: BlobStore; close(): Promise<void> }>]> = [
  ['local disk', async () => ({ store: new LocalBlobStore(tmp()), close: async () => {} })],
  [
    'S3',
    async () => {
      const port = await freePort();
      const server = new S3rver({
        port,
        address: '127.0.0.1',
        silent: true,
        directory: tmp(),
        configureBuckets: [{ name: 'media', configs: [] }],
      });
      await server.run();
      const store = new S3BlobStore({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'media',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'tarang/',
      });
      return {
        store,
        close: async () => {
          (store as S3BlobStore).destroy();
          await server.close();
        },
      };
    },
  ],
];

describe.each(stores)('blob store on %s', (_name, make) => {
  let store: BlobStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await make());
  });
  afterAll(() => close());

  it('stores a file once per key and reads it whole or by range', async () => {
    const first = writeTemp('0123456789');
    expect(await store.putFile('ipfs/bafytest1', first, 'video/mp4')).toBe(true);
    expect(fs.existsSync(first)).toBe(false);
    const again = writeTemp('0123456789');
    expect(await store.putFile('ipfs/bafytest1', again, 'video/mp4')).toBe(false);
    expect(fs.existsSync(again)).toBe(false);
    expect(await store.size('ipfs/bafytest1')).toBe(10);
    expect((await readAll(await store.read('ipfs/bafytest1'))).toString()).toBe('0123456789');
    expect((await readAll(await store.read('ipfs/bafytest1', { start: 2, end: 5 }))).toString()).toBe('2345');
    await store.delete('ipfs/bafytest1');
    expect(await store.size('ipfs/bafytest1')).toBeUndefined();
  });

  it('copies and replaces whole folders', async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, '360p'));
    fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U');
    fs.writeFileSync(path.join(dir, '360p', 'seg.ts'), 'x');
    await store.putDirectory('hls/v1', dir);
    expect(await store.size('hls/v1/360p/seg.ts')).toBe(1);
    fs.rmSync(path.join(dir, '360p'), { recursive: true });
    await store.putDirectory('hls/v1', dir);
    expect(await store.size('hls/v1/360p/seg.ts')).toBeUndefined();
    expect(await store.size('hls/v1/master.m3u8')).toBe(7);
    await store.deletePrefix('hls/v1');
    expect(await store.size('hls/v1/master.m3u8')).toBeUndefined();
  });

  it('refuses keys that climb out of the store', async () => {
    await expect(store.size('../etc/passwd')).rejects.toThrow(/Unsafe/);
  });
});
