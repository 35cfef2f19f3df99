import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { cidOfFile, generateTestVideo, probe } from '@app/media';
import type { AuthResponse, Clip } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalFailureHooks } from '../../jobs/handlers.ts';
import { cidKey } from '../../storage/blob-store.ts';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet } from '../../testing/test-users.ts';
import { processClip } from './cut-clip.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'clip-fixtures-'));
const sourceFile = path.join(fixtures, 'source.mp4');

describe.each(testDialects)('clip cutting on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let sourceCid: string;
  let sourceSeconds: number;
  beforeAll(async () => {
    if (!fs.existsSync(sourceFile)) await generateTestVideo(sourceFile, { seconds: 14, width: 640, height: 360 });
    sourceSeconds = (await probe(sourceFile)).durationSeconds;
    t = await createTestApp(dialect);
    creator = await signInWithWallet(t.app);
    // The source as an upload leaves it: its original stored by CID, the video ready.
    sourceCid = await cidOfFile(sourceFile);
    const copy = path.join(fixtures, `copy-${dialect}.mp4`);
    fs.copyFileSync(sourceFile, copy);
    await t.ctx.blobs.putFile(cidKey(sourceCid), copy, 'video/mp4');
  });
  afterAll(() => t.close());

  const readyVideo = () =>
    insertVideo(t.ctx.db, creator.user.id, { cid: sourceCid, duration_ms: Math.round(sourceSeconds * 1000) });
  const clipOf = (id: string) =>
    t.app.inject({ url: `/api/clips/${id}`, headers: bearer(creator.access_token) }).then((r) => r.json<Clip>());

  it('cuts a 10 s clip with its own CID, thumbnail and HLS, then lists it', async () => {
    const video = await readyVideo();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clips/create',
      headers: bearer(creator.access_token),
      payload: {
        title: 'Ten seconds',
        description: '',
        start_time: 2.7,
        duration: 10,
        tags: ['test'],
        source_video_id: video.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ clip_id: string }>().clip_id;

    let clip = await clipOf(id);
    const deadline = Date.now() + 90_000;
    while (clip.status === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      clip = await clipOf(id);
    }
    expect(clip.status).toBe('ready');
    expect(clip.ipfs_hash).toMatch(/^baf[ky]/);
    expect(clip.ipfs_hash).not.toBe(sourceCid);

    // The stored blob is the clip, addressed by its own content: ffprobe says it lasts 10 ± 0.1 s.
    const stored = path.join(fixtures, `stored-${dialect}.mp4`);
    await pipeline(await t.ctx.blobs.read(cidKey(clip.ipfs_hash!)), fs.createWriteStream(stored));
    expect(await cidOfFile(stored)).toBe(clip.ipfs_hash);
    const info = await probe(stored);
    expect(Math.abs(info.durationSeconds - 10)).toBeLessThanOrEqual(0.1);
    expect([info.width, info.height, info.hasAudio]).toEqual([640, 360, true]);

    expect(clip.media_url).toBe(`/ipfs/${clip.ipfs_hash}`);
    expect(clip.hls_url).toBe(`/media/hls/clip-${id}/master.m3u8`);
    const master = await t.app.inject({ url: clip.hls_url! });
    expect(master.body).toContain('360p/index.m3u8');
    const playlist = (await t.app.inject({ url: `/media/hls/clip-${id}/360p/index.m3u8` })).body;
    const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(Math.abs(seconds - 10)).toBeLessThanOrEqual(0.1);
    expect((await t.app.inject({ url: clip.thumbnail_url! })).headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ url: '/api/clips' })).json().clips.map((c: Clip) => c.id)).toContain(id);
  }, 120_000);

  it('fails a clip whose source bytes are gone: the job throws, and after the last retry the clip is failed', async () => {
    const video = await insertVideo(t.ctx.db, creator.user.id, { duration_ms: 30_000 }); // a CID with no blob
    // Created straight in the database: the queue's retries would take their backoff time here.
    const id = `gone${Date.now()}`;
    await t.ctx.db
      .insertInto('clips')
      .values({
        id,
        creator_id: creator.user.id,
        source_video_id: video.id,
        source_stream_id: null,
        title: 'Lost',
        description: '',
        category: 'Education',
        tags: '[]',
        start_ms: 0,
        duration_seconds: 10,
        status: 'processing',
        failure: null,
        cid: null,
        size_bytes: null,
        thumbnail_cid: null,
        hls_path: null,
        views: 0,
        likes: 0,
        comment_count: 0,
        comments_enabled: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const job = { signal: new AbortController().signal, reportProgress: async () => undefined };
    await expect(processClip(t.ctx, id, job)).rejects.toThrow();
    expect(fs.readdirSync(t.ctx.tempDir).filter((f) => f.startsWith(`clip-${id}`))).toEqual([]); // scratch removed

    await finalFailureHooks['cut-clip']!({ clipId: id }, 'blob missing', t.ctx);
    const clip = await clipOf(id);
    expect(clip.status).toBe('failed');
    expect((await t.app.inject({ url: `/api/clips/${id}` })).statusCode).toBe(404);
    // A late failure report never undoes a finished cut.
    await t.ctx.db.updateTable('clips').set({ status: 'ready' }).where('id', '=', id).execute();
    await finalFailureHooks['cut-clip']!({ clipId: id }, 'late', t.ctx);
    expect((await clipOf(id)).status).toBe('ready');
  });
});
