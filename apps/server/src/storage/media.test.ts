import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cidKey } from './blob-store.ts';

const CID = 'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4';
const BYTES = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100, 7)]);

describe('media serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'blob-')), 'f');
    fs.writeFileSync(tmp, BYTES);
    expect(await t.ctx.blobs.putFile(cidKey(CID), tmp, 'video/mp4')).toBe(true);
    const hls = fs.mkdtempSync(path.join(os.tmpdir(), 'hls-'));
    fs.mkdirSync(path.join(hls, '360p'));
    fs.writeFileSync(path.join(hls, 'master.m3u8'), '#EXTM3U\n');
    fs.writeFileSync(path.join(hls, '360p', 'seg_00000.ts'), Buffer.alloc(188, 0x47));
    await t.ctx.blobs.putDirectory('hls/vid123', hls);
  });
  afterAll(() => t.close());

  it('serves a blob by CID with its sniffed type and a year-long immutable cache', async () => {
    const res = await t.app.inject({ url: `/ipfs/${CID}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(BYTES)).toBe(true);
  });

  it('answers byte ranges with 206, and impossible ones with 416', async () => {
    const part = await t.app.inject({ url: `/ipfs/${CID}`, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${BYTES.length}`);
    expect(part.body).toBe('ftypisom');
    const bad = await t.app.inject({ url: `/ipfs/${CID}`, headers: { range: `bytes=${BYTES.length}-` } });
    expect(bad.statusCode).toBe(416);
    const head = await t.app.inject({ method: 'HEAD', url: `/ipfs/${CID}` });
    expect(head.headers['content-length']).toBe(String(BYTES.length));
  });

  it('serves HLS playlists and segments with their types', async () => {
    const master = await t.app.inject({ url: '/media/hls/vid123/master.m3u8' });
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const seg = await t.app.inject({ url: '/media/hls/vid123/360p/seg_00000.ts' });
    expect(seg.headers['content-type']).toBe('video/mp2t');
  });

  it('404s unknown, malformed and path-climbing keys', async () => {
    for (const url of [
      '/ipfs/bafkreiaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      '/ipfs/not-a-cid',
      '/media/hls/vid123/../../secrets.json',
      '/media/hls/%2e%2e/x.ts',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
