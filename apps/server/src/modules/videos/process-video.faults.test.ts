import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cidOf, generateTestVideo } from '@app/media';
import type { AuthResponse } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cidKey } from '../../storage/blob-store.ts';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { signInWithWallet } from '../../testing/test-users.ts';
import { listFiles } from '../../testing/upload-form.ts';
import { STORAGE_FULL } from './process-video.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'process-faults-'));
const source = path.join(fixtures, 'source.mp4');
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/**
 * An ffmpeg that runs the real one, except that writing an HLS ladder stops part way with a full
 * disk, as the real one does when the scratch folder's disk fills: a segment is written, then it fails.
 */
function ffmpegWithFullDisk(): string {
  const real = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
  const script = path.join(fixtures, 'ffmpeg-disk-full');
  fs.writeFileSync(
    script,
    `#!/bin/sh
for arg in "$@"; do
  case "$arg" in
    /*.m3u8) dir=$(dirname "$arg"); mkdir -p "$dir" && echo partial > "$dir/segment-000.ts"
      echo "[hls @ 0x1] Failed to write segment: No space left on device" >&2; exit 1 ;;
  esac
done
exec "${real}" "$@"
`,
    { mode: 0o755 },
  );
  return script;
}

describe.each(testDialects)('a full disk while a video is processed on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signInWithWallet(t.app);
    if (!fs.existsSync(source)) await generateTestVideo(source, { seconds: 2, width: 320, height: 240 });
  });
  afterAll(() => t.close());

  const blobs = () => listFiles(path.join(t.ctx.config.dataDir, 'blobs'));

  /** Stores the original and runs its job once (no retry), then answers the row and what is stored. */
  async function processOnce() {
    const data = fs.readFileSync(source);
    const cid = cidOf(data);
    const copy = path.join(fixtures, `copy-${Date.now()}.mp4`);
    fs.copyFileSync(source, copy); // putFile moves its file
    await t.ctx.blobs.putFile(cidKey(cid), copy, 'video/mp4');
    const before = blobs();
    const video = await insertVideo(t.ctx.db, creator.user.id, { cid, status: 'processing', size_bytes: data.length });
    await t.ctx.jobs.enqueue(
      'transcode-video',
      { videoId: video.id },
      { jobId: `transcode-video:${video.id}`, maxAttempts: 1 },
    );
    const row = () =>
      t.ctx.db
        .selectFrom('videos')
        .select(['status', 'failure', 'thumbnail_cid', 'thumbnail_sizes', 'hls_path'])
        .where('id', '=', video.id)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).status, { timeout: 30_000, interval: 100 }).not.toBe('processing');
    return { row: await row(), before, id: video.id };
  }

  it('fails the video with a reason the creator can act on, and leaves no half ladder, thumbnail or temp file', async () => {
    const putDirectory = t.ctx.blobs.putDirectory.bind(t.ctx.blobs);
    // a media store whose disk fills part way through the ladder: the first file lands, the next fails
    t.ctx.blobs.putDirectory = async (prefix, dir) => {
      const first = fs.readdirSync(dir).find((name) => name.endsWith('.m3u8'))!;
      const partial = fs.mkdtempSync(path.join(fixtures, 'partial-'));
      fs.copyFileSync(path.join(dir, first), path.join(partial, first));
      await putDirectory(prefix, partial);
      throw diskFull();
    };
    try {
      const { row, before, id } = await processOnce();
      expect(row).toEqual({
        status: 'failed',
        failure: STORAGE_FULL,
        thumbnail_cid: null,
        thumbnail_sizes: null,
        hls_path: null,
      });
      expect(blobs()).toEqual(before);
      expect(blobs().some((file) => file.includes(id))).toBe(false);
      expect(listFiles(t.ctx.tempDir)).toEqual([]);
    } finally {
      t.ctx.blobs.putDirectory = putDirectory;
    }
  });

  it('does the same when ffmpeg itself stops part way because its disk is full', async () => {
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = ffmpegWithFullDisk();
    try {
      const { row, before } = await processOnce();
      expect(row).toMatchObject({ status: 'failed', failure: STORAGE_FULL, hls_path: null, thumbnail_cid: null });
      expect(blobs()).toEqual(before);
      expect(listFiles(t.ctx.tempDir)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
  });

  it('processes the next video normally once there is room again', async () => {
    const { row } = await processOnce();
    expect(row).toMatchObject({ status: 'ready', failure: null });
    expect(row.hls_path).toMatch(/^hls\/.+\/master\.m3u8$/);
  });
});
