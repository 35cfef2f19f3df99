import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cidOf,
  generateLongBlackVideo,
  generateTestVideo,
  runFfmpeg,
  writeConcatScript,
  writeForgedFrameSizeAvi,
  writeLocalFilePlaylist,
} from '@app/media';
import type { AuthResponse, Video } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcodeVideoFailed } from '../../jobs/handlers/transcode-video.ts';
import { cidKey } from '../../storage/blob-store.ts';
import { PROCESSING_FAILED } from './process-video.ts';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet } from '../../testing/test-users.ts';
import { form, listFiles, type FormFile } from '../../testing/upload-form.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-attacks-'));
const fixture = (name: string) => path.join(fixtures, name);
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

describe.each(testDialects)('hostile uploads on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  // Another stream's live segment on this server: what the published playlist of the finding pointed at.
  let liveSegment: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signInWithWallet(t.app);
    liveSegment = path.join(t.ctx.config.dataDir, 'live', 'someone-elses-stream', 'seg-000001.ts');
    fs.mkdirSync(path.dirname(liveSegment), { recursive: true });
    await generateTestVideo(fixture('source.mp4'), { seconds: 2, width: 320, height: 240 });
    await runFfmpeg(['-v', 'error', '-y', '-i', fixture('source.mp4'), '-c', 'copy', '-f', 'mpegts', liveSegment]);
  });
  afterAll(() => t.close());

  const upload = (file: FormFile) => {
    const { payload, headers } = form({ title: 'Definitely a video' }, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      payload,
      headers: { ...headers, ...bearer(creator.access_token) },
    });
  };
  const videoCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('videos')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const blobs = () => listFiles(path.join(t.ctx.config.dataDir, 'blobs'));

  /** Uploads the file and expects it refused with `status`, leaving no row, blob or temp file. */
  async function refused(file: FormFile, status: number) {
    const before = { videos: await videoCount(), blobs: blobs() };
    const res = await upload(file);
    expect(res.statusCode).toBe(status);
    expect(await videoCount()).toBe(before.videos);
    expect(blobs()).toEqual(before.blobs);
    expect(listFiles(t.ctx.tempDir)).toEqual([]);
    return res.json<{ detail: string; code: string; params?: Record<string, number> }>();
  }

  it('refuses an HLS playlist named .mp4 that points at a live segment on the server', async () => {
    await writeLocalFilePlaylist(fixture('playlist.mp4'), liveSegment);
    const body = await refused(
      { name: 'playlist.mp4', type: 'video/mp4', data: fs.readFileSync(fixture('playlist.mp4')) },
      415,
    );
    expect(body).toEqual({
      code: 'video_refers_to_files',
      detail: 'This file is a playlist that refers to other files, not a video: upload the video file itself',
    });
  });

  it('refuses the same playlist named .mkv', async () => {
    await writeLocalFilePlaylist(fixture('playlist.mkv'), liveSegment);
    const body = await refused(
      { name: 'playlist.mkv', type: 'video/x-matroska', data: fs.readFileSync(fixture('playlist.mkv')) },
      415,
    );
    expect(body.detail).toMatch(/playlist that refers to other files/);
  });

  it('refuses an ffconcat script', async () => {
    await writeConcatScript(fixture('concat.mp4'), [liveSegment, fixture('source.mp4')]);
    const body = await refused(
      { name: 'concat.mp4', type: 'video/mp4', data: fs.readFileSync(fixture('concat.mp4')) },
      415,
    );
    expect(body).toEqual({
      code: 'video_refers_to_files',
      detail: 'This file is a concat script that refers to other files, not a video: upload the video file itself',
    });
  });

  it('refuses a tiny file declaring 30000×30000 frames as too large', async () => {
    await writeForgedFrameSizeAvi(fixture('bomb.avi'), 30_000, 30_000);
    const body = await refused(
      { name: 'bomb.avi', type: 'video/x-msvideo', data: fs.readFileSync(fixture('bomb.avi')) },
      413,
    );
    expect([body.code, body.params]).toEqual(['frame_too_large', { max_side: 8192 }]);
    expect(body.detail).toMatch(/frame size 30000×30000 is over the limit/);
  });

  it('refuses ten hours of black as too long', async () => {
    await generateLongBlackVideo(fixture('ten-hours.mp4'), 36_000);
    const body = await refused(
      { name: 'ten-hours.mp4', type: 'video/mp4', data: fs.readFileSync(fixture('ten-hours.mp4')) },
      413,
    );
    expect(body).toEqual({
      code: 'video_too_long',
      params: { max_minutes: 240 },
      detail: 'The video is 10 hours long; the limit is 4 hours',
    });
  });

  /** A stored original and its `processing` row, as an upload leaves them, then its transcode job run to the end. */
  async function processStored(file: string) {
    const data = fs.readFileSync(file);
    const cid = cidOf(data);
    const copy = `${file}.copy`;
    fs.copyFileSync(file, copy); // putFile moves its file
    await t.ctx.blobs.putFile(cidKey(cid), copy, 'video/mp4');
    const video = await insertVideo(t.ctx.db, creator.user.id, { cid, status: 'processing', size_bytes: data.length });
    await t.ctx.jobs.enqueue('transcode-video', { videoId: video.id }, { jobId: `transcode-video:${video.id}` });
    const row = () =>
      t.ctx.db
        .selectFrom('videos')
        .select(['status', 'failure', 'thumbnail_cid', 'hls_path'])
        .where('id', '=', video.id)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).status, { timeout: 30_000, interval: 200 }).not.toBe('processing');
    return row();
  }

  it('fails a stored video whose bytes turn out to be a playlist, with the reason, instead of publishing the file it names', async () => {
    // A row from before the upload check existed: the job's own probe refuses it.
    await writeLocalFilePlaylist(fixture('stored.mp4'), liveSegment);
    expect(await processStored(fixture('stored.mp4'))).toEqual({
      status: 'failed',
      failure:
        'The video was refused: This file is a playlist that refers to other files, not a video: upload the video file itself',
      thumbnail_cid: null,
      hls_path: null,
    });
  });

  it("shows the uploader why a video failed, keeping the server paths of ffmpeg's log out of it", async () => {
    const video = await insertVideo(t.ctx.db, creator.user.id, { status: 'processing' });
    await transcodeVideoFailed(
      { videoId: video.id },
      'ffmpeg exited with 1: /srv/tarang/data/tmp/4242/upload-x: Invalid data found',
      t.ctx,
    );
    const seen = (
      await t.app.inject({ url: `/api/videos/${video.id}`, headers: bearer(creator.access_token) })
    ).json<Video>();
    expect(seen).toMatchObject({ status: 'failed', failure_reason: PROCESSING_FAILED });
    expect(JSON.stringify(seen)).not.toContain('/srv/');
  });

  it('fails a stored video over a limit lowered since its upload, with the reason', async () => {
    const limits = t.ctx.config.media;
    t.ctx.config.media = { ...limits, maxDurationSeconds: 1 };
    try {
      expect(await processStored(fixture('source.mp4'))).toMatchObject({
        status: 'failed',
        failure: 'The video was refused: The video is 2 seconds long; the limit is 1 second',
        hls_path: null,
      });
    } finally {
      t.ctx.config.media = limits;
    }
  });
});
