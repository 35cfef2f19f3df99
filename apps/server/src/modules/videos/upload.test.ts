import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { cidOf, generateTestVideo } from '@app/media';
import type { AuthResponse, Video } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet } from '../../testing/test-users.ts';
import { BOUNDARY, form, listFiles, multipartHead, multipartTail } from '../../testing/upload-form.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-fixtures-'));
const clip = path.join(fixtures, 'clip.mp4');

describe.each(testDialects)('video upload on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let url: string;
  beforeAll(async () => {
    if (!fs.existsSync(clip)) await generateTestVideo(clip, { seconds: 3, width: 640, height: 360 });
    t = await createTestApp(dialect);
    creator = await signInWithWallet(t.app);
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const upload = (
    fields: Record<string, string>,
    file?: { name: string; type: string; data: Buffer },
    token = creator.access_token,
  ) => {
    const { payload, headers } = form(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  };
  const blobsDir = () => path.join(t.ctx.config.dataDir, 'blobs');
  const videoCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('videos')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const nothingLeftBehind = async (before: { videos: number; blobs: string[] }) => {
    expect(await videoCount()).toBe(before.videos);
    expect(listFiles(blobsDir())).toEqual(before.blobs);
    expect(listFiles(t.ctx.tempDir)).toEqual([]);
  };
  /** Transcodes of earlier tests run in the background: let them settle before comparing folders. */
  const jobsSettled = async () => {
    for (let i = 0; i < 300; i++) {
      const busy = await t.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('jobs did not settle');
  };
  const snapshot = async () => {
    await jobsSettled();
    return { videos: await videoCount(), blobs: listFiles(blobsDir()) };
  };

  it('stores the file by its CID, pays 10 tokens, transcodes to HLS and then lists the video', async () => {
    const data = fs.readFileSync(clip);
    const res = await upload(
      {
        title: '  My first video ',
        description: 'Test pattern',
        category: 'Education',
        tags: '["test", " pattern ", "test", ""]',
      },
      { name: 'clip.mp4', type: 'video/mp4', data },
    );
    expect(res.statusCode).toBe(201);
    const video = res.json<Video>();
    expect(video).toMatchObject({
      title: 'My first video',
      category: 'Education',
      tags: ['test', 'pattern'],
      status: 'processing',
      ipfs_hash: cidOf(data),
      tokens_earned: 10,
    });
    expect(video.duration).toBeCloseTo(3, 0);
    expect(
      (await t.app.inject({ url: '/api/user/profile', headers: bearer(creator.access_token) })).json().total_tokens,
    ).toBe(110);

    let ready: Video | undefined;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && ready?.status !== 'ready') {
      ready = (
        await t.app.inject({ url: `/api/videos/${video.id}`, headers: bearer(creator.access_token) })
      ).json<Video>();
      if (ready.status === 'failed') throw new Error('transcode failed');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready?.hls_url).toBe(`/media/hls/${video.id}/master.m3u8`);
    expect((await t.app.inject({ url: ready!.hls_url! })).body).toContain('360p/index.m3u8');
    expect((await t.app.inject({ url: ready!.thumbnail_url! })).headers['content-type']).toBe('image/jpeg');
    // the card sizes: 320 and 640 wide, WebP and JPEG, each its own immutable blob; 640 JPEG is the thumbnail itself
    expect(ready!.thumbnail_sizes.map((s) => s.width)).toEqual([320, 640]);
    expect(ready!.thumbnail_sizes[1]!.jpeg_url).toBe(ready!.thumbnail_url);
    for (const size of ready!.thumbnail_sizes) {
      const [jpeg, webp] = [await t.app.inject({ url: size.jpeg_url }), await t.app.inject({ url: size.webp_url! })];
      expect([jpeg.headers['content-type'], webp.headers['content-type']]).toEqual(['image/jpeg', 'image/webp']);
      expect(webp.headers['cache-control']).toContain('immutable');
    }
    const range = await t.app.inject({ url: video.media_url, headers: { range: 'bytes=0-99' } });
    expect([range.statusCode, range.rawPayload.length]).toEqual([206, 100]);
    expect(
      (await t.app.inject({ url: '/api/videos?category=education' })).json().videos.map((v: Video) => v.id),
    ).toContain(video.id);
  }, 90_000);

  it('keeps one blob for the same bytes uploaded twice', async () => {
    const data = fs.readFileSync(clip);
    const a = (await upload({ title: 'Again' }, { name: 'a.mp4', type: 'video/mp4', data })).json<Video>();
    const files = listFiles(blobsDir()).filter((f) => f.includes(a.ipfs_hash));
    const b = (await upload({ title: 'And again' }, { name: 'b.mp4', type: 'video/mp4', data })).json<Video>();
    expect(b.ipfs_hash).toBe(a.ipfs_hash);
    expect(b.id).not.toBe(a.id);
    expect(listFiles(blobsDir()).filter((f) => f.includes(a.ipfs_hash))).toEqual(files);
  });

  it('refuses a text file dressed as a video, and leaves nothing behind', async () => {
    const before = await snapshot();
    const res = await upload(
      { title: 'Not a video' },
      { name: 'movie.mp4', type: 'video/mp4', data: Buffer.from('just some text\n'.repeat(1000)) },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Please select a valid video file', code: 'not_a_video' });
    await nothingLeftBehind(before);
  });

  it('answers 507 when the media store is out of space, and leaves nothing behind', async () => {
    const before = await snapshot();
    // a blob store whose disk is full: the move into it fails as a real one does
    const putFile = t.ctx.blobs.putFile.bind(t.ctx.blobs);
    t.ctx.blobs.putFile = () =>
      Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    try {
      const data = Buffer.concat([fs.readFileSync(clip), Buffer.from('a different file')]);
      const res = await upload({ title: 'No room' }, { name: 'full.mp4', type: 'video/mp4', data });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toMatchObject({ code: 'insufficient_storage' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      t.ctx.blobs.putFile = putFile;
    }
    await nothingLeftBehind(before);
  });

  it('checks the form: file, title, category, sign-in', async () => {
    const data = fs.readFileSync(clip);
    expect((await upload({ title: 'No file' })).json().detail).toBe('Please select a video file to upload');
    expect((await upload({ title: '   ' }, { name: 'c.mp4', type: 'video/mp4', data })).json().detail).toBe(
      'Please enter a title for your video',
    );
    expect(
      (await upload({ title: 'x', category: 'Cooking' }, { name: 'c.mp4', type: 'video/mp4', data })).statusCode,
    ).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      ...form({ title: 'x' }, { name: 'c.mp4', type: 'video/mp4', data }),
    });
    expect(anon.statusCode).toBe(401);
    await jobsSettled();
    expect(listFiles(t.ctx.tempDir)).toEqual([]);
  });

  it('stops a 500 MB + 1 byte upload while streaming, keeping nothing', async () => {
    const before = await snapshot();
    const size = 524_288_001;
    let sent = 0;
    const zeros = Buffer.alloc(1024 * 1024);
    const body = Readable.from(
      (function* () {
        yield multipartHead({ title: 'Too big' }, 'big.mp4', 'video/mp4');
        while (sent < size) {
          const n = Math.min(zeros.length, size - sent);
          sent += n;
          yield zeros.subarray(0, n);
        }
        yield multipartTail;
      })(),
    );
    const res = await postStream(`${url}/api/videos/upload`, body, creator.access_token);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      detail: 'File size must be less than 500MB',
      code: 'file_too_large',
      params: { max_mb: 500 },
    });
    await nothingLeftBehind(before);
  }, 60_000);

  it('cleans up after a client that disconnects mid-upload', async () => {
    const before = await snapshot();
    const req = http.request(`${url}/api/videos/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...bearer(creator.access_token) },
    });
    req.on('error', () => undefined);
    req.write(multipartHead({ title: 'Interrupted' }, 'cut.mp4', 'video/mp4'));
    req.write(Buffer.alloc(3 * 1024 * 1024, 1));
    await new Promise((r) => setTimeout(r, 300));
    req.destroy();
    const deadline = Date.now() + 5000;
    while (listFiles(t.ctx.tempDir).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await nothingLeftBehind(before);
  });
});

function postStream(target: string, body: Readable, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...bearer(token) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    body.pipe(req);
  });
}
