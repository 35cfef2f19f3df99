import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_FEED_DATA_ID, type VideoList } from '@app/shared';
import { insertVideo } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signUpByEmail } from '../testing/test-users.ts';

const script = `console.log(${JSON.stringify('a page of the app '.repeat(200))});`;
const html =
  '<!doctype html><html><head><title>Tarang</title><script type="module" src="/assets/app-1a2b3c.js"></script></head>' +
  `<body>${'<div></div>'.repeat(100)}</body></html>`;

/** a build as apps/web writes it: each text file with its .br and .gz beside it */
function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [file, text] of [
    ['index.html', html],
    ['assets/app-1a2b3c.js', script],
  ] as const) {
    const at = path.join(dir, file);
    fs.writeFileSync(at, text);
    fs.writeFileSync(`${at}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${at}.gz`, zlib.gzipSync(text));
  }
}

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeBuild(dist);
    t = await createTestApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a hashed asset Brotli-compressed when the browser takes it, cached for a year', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, and to the plain file for a client that asks for neither', async () => {
    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a page of the app with index.html, compressed and never cached stale', async () => {
    const res = await get('/stream/some-stream', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await get('/api/no-such-route', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

/** The first feed page a home page carries in its data block, as the app reads it. */
function servedFeed(page: string): VideoList | undefined {
  const block = new RegExp(`<script type="application/json" id="${HOME_FEED_DATA_ID}">([^<]*)</script>`).exec(page);
  return block ? (JSON.parse(block[1]!) as VideoList) : undefined;
}

describe('the home page', () => {
  let t: TestApp;
  let dist: string;
  const hostile = '</script><script>alert(1)</script><!-- & "quoted"';

  let creatorId = '';

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeBuild(dist);
    t = await createTestApp('sqlite', { WEB_DIST: dist, READ_CACHE_MS: '60000' });
    const { user } = await signUpByEmail(t.app);
    creatorId = user.id;
    const sizes = [320, 640].map((width) => ({ width, jpeg: `bafkjpeg${width}`, webp: `bafkwebp${width}` }));
    await insertVideo(t.ctx.db, user.id, { title: 'Older', created_at: '2026-01-01T00:00:00.000Z' });
    await insertVideo(t.ctx.db, user.id, {
      title: hostile,
      description: hostile,
      thumbnail_cid: 'bafkjpeg640',
      thumbnail_sizes: JSON.stringify(sizes),
      created_at: '2026-02-01T00:00:00.000Z',
    });
    await insertVideo(t.ctx.db, user.id, { title: 'Still processing', status: 'processing' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('carries the first feed page, the same as GET /api/videos gives an anonymous visitor', async () => {
    const res = await get('/', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const page = zlib.brotliDecompressSync(res.rawPayload).toString();
    const api = (await t.app.inject({ url: '/api/videos' })).json<VideoList>();
    expect(servedFeed(page)).toEqual(api);
    expect(api.videos.map((v) => v.title)).toEqual([hostile, 'Older']);
    // nothing of the row beyond what the API shows
    expect(page).not.toContain('thumbnail_choices');
  });

  it('keeps hostile titles inside the data block: no tag, comment or attribute is opened by them', async () => {
    const page = (await get('/')).body;
    expect(page.match(/<script/g)).toHaveLength(2); // the app's and the data block
    expect(page).not.toContain('<!--');
    expect(page).not.toContain('alert(1)</script>');
    expect(servedFeed(page)!.videos[0]!.description).toBe(hostile);
  });

  it('preloads the first card’s picture, the WebP set the card picks, before the app’s script', async () => {
    const page = (await get('/', 'gzip')).rawPayload;
    const html = zlib.gunzipSync(page).toString();
    const preload = /<link rel="preload" as="image" fetchpriority="high"[^>]*>/.exec(html)?.[0];
    expect(preload).toContain('type="image/webp"');
    expect(preload).toContain('imagesrcset="/ipfs/bafkwebp320 320w, /ipfs/bafkwebp640 640w"');
    expect(preload).toContain('imagesizes="(max-width: 600px) 100vw, 320px"');
    expect(html.indexOf(preload!)).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('serves other addresses, and the home page with a query, as the plain index.html', async () => {
    for (const url of ['/?category=Music', '/watch/abc', '/trending']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(html);
    }
  });

  it('reads the feed once for a flood of visits, and again after a write drops the read cache', async () => {
    const titles = async () => servedFeed((await get('/')).body)!.videos.map((v) => v.title);
    await titles();
    // a row no API write announced: the kept page stands for it until something drops the cache
    await insertVideo(t.ctx.db, creatorId, { title: 'Added quietly', created_at: '2025-01-01T00:00:00.000Z' });
    for (let i = 0; i < 20; i++) expect(await titles()).not.toContain('Added quietly');
    t.ctx.readCache.invalidate(['videos']); // what every successful API write does
    expect(await titles()).toContain('Added quietly');
  });

  it('serves the plain index.html when the feed cannot be read', async () => {
    const broken = await createTestApp('sqlite', { WEB_DIST: dist });
    await broken.ctx.db.destroy();
    try {
      const res = await broken.app.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(html);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
