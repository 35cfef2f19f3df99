import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FfmpegError, runFfmpeg } from './ffmpeg.ts';
import { DEFAULT_MEDIA_LIMITS, MediaLimitError } from './limits.ts';
import { NotAVideoError, RefusedFormatError, probe } from './probe.ts';
import { scratchDir } from './test-fixtures.ts';
import {
  generateLongBlackVideo,
  writeConcatScript,
  writeForgedFrameSizeAvi,
  writeLocalFilePlaylist,
} from './test-hostile-media.ts';
import { generateTestVideo } from './test-video.ts';
import { extractThumbnail } from './thumbnail.ts';

const dir = scratchDir('probe-attacks');
const file = (name: string) => path.join(dir, name);
// Another stream's live segment, or any media file the server can read: what the attacks point at.
const secret = file('secret-segment.ts');

describe('probing hostile uploads', () => {
  beforeAll(async () => {
    await generateTestVideo(file('secret.mp4'), { seconds: 2, width: 320, height: 240 });
    await runFfmpeg(['-v', 'error', '-y', '-i', file('secret.mp4'), '-c', 'copy', '-f', 'mpegts', secret]);
  });

  it.each(['upload.mp4', 'upload.mkv', 'upload.m3u8'])(
    'refuses an HLS playlist naming a local file, called %s',
    async (name) => {
      await writeLocalFilePlaylist(file(name), secret);
      const refused = await probe(file(name)).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(RefusedFormatError);
      expect((refused as Error).message).toMatch(/playlist that refers to other files/);
    },
  );

  it('names no server path in the reason it gives for bytes that are no video', async () => {
    fs.writeFileSync(file('garbage.mp4'), Buffer.alloc(4096, 0x5a));
    const refused = await probe(file('garbage.mp4')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(NotAVideoError);
    expect((refused as Error).message).not.toContain(dir);
  });

  it('refuses an ffconcat script naming local files', async () => {
    await writeConcatScript(file('concat.mp4'), [secret, secret]);
    const refused = await probe(file('concat.mp4')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RefusedFormatError);
    expect((refused as Error).message).toMatch(/concat script/);
  });

  it('refuses frames declared far larger than any camera makes', async () => {
    await writeForgedFrameSizeAvi(file('bomb-16k.avi'), 16_000, 16_000);
    await writeForgedFrameSizeAvi(file('bomb-30k.avi'), 30_000, 30_000);
    await expect(probe(file('bomb-16k.avi'))).rejects.toThrow(MediaLimitError);
    await expect(probe(file('bomb-16k.avi'))).rejects.toThrow(/16000×16000 is over the limit/);
    await expect(probe(file('bomb-30k.avi'))).rejects.toThrow(/30000×30000 is over the limit/);
  });

  it('refuses a real H.264 stream wider than the limit, and a frame rate above it', async () => {
    await runFfmpeg([
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=s=9000x16:r=25:d=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      file('wide.mp4'),
    ]);
    await runFfmpeg([
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=s=32x32:r=240:d=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      file('fast.mp4'),
    ]);
    await expect(probe(file('wide.mp4'))).rejects.toThrow(/9000×16 is over the limit/);
    await expect(probe(file('fast.mp4'))).rejects.toThrow(/240 frames per second; the limit is 120/);
    expect(await probe(file('fast.mp4'), { limits: { ...DEFAULT_MEDIA_LIMITS, maxFrameRate: 240 } })).toMatchObject({
      width: 32,
      frameRate: 240,
    });
  });

  it('refuses ten hours of black', async () => {
    await generateLongBlackVideo(file('ten-hours.mp4'), 36_000);
    await expect(probe(file('ten-hours.mp4'))).rejects.toThrow(MediaLimitError);
    await expect(probe(file('ten-hours.mp4'))).rejects.toThrow('The video is 10 hours long; the limit is 4 hours');
  });

  it('names the demuxer every later run must force', async () => {
    expect(await probe(secret)).toMatchObject({ demuxer: 'mpegts', formatName: 'mpegts' });
    expect((await probe(file('secret.mp4'))).demuxer).toBe('mov');
  });
});

describe('ffmpeg runs on user bytes', () => {
  it('reads a playlist forced through the probed demuxer as what it claims to be, so nothing else is opened', async () => {
    // What a job does if a playlist ever got past the upload: the forced demuxer cannot follow it.
    await writeLocalFilePlaylist(file('sneaked.mp4'), secret);
    const out = file('sneaked.jpg');
    await expect(extractThumbnail({ file: file('sneaked.mp4'), demuxer: 'mov' }, out)).rejects.toBeInstanceOf(
      FfmpegError,
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  it('has decoders refuse a frame over the size limit even when the container was believed', async () => {
    await writeForgedFrameSizeAvi(file('forced-bomb.avi'), 16_000, 16_000);
    const refused = await extractThumbnail({ file: file('forced-bomb.avi'), demuxer: 'avi' }, file('bomb.jpg')).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(FfmpegError);
    expect((refused as FfmpegError).stderrTail).toMatch(/16000x16000 exceeds specified max pixel count/);
  });

  it('stops a run at its wall time', async () => {
    const started = Date.now();
    const run = runFfmpeg(['-v', 'error', '-re', '-f', 'lavfi', '-i', 'color=s=16x16:r=5:d=60', '-f', 'null', '-'], {
      timeoutMs: 500,
    });
    await expect(run).rejects.toThrow(/ran past its time limit/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it.runIf(process.platform === 'linux' && fs.existsSync('/usr/bin/prlimit'))(
    'caps the memory of a run',
    async () => {
      const bigFrame = [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=c=black:s=8000x8000',
        '-frames:v',
        '1',
        '-f',
        'null',
        '-',
      ];
      await runFfmpeg(bigFrame, { memoryLimitMb: 0 });
      // Under the cap the allocation fails; ffmpeg then either exits or wedges, and the wall time ends it.
      await expect(runFfmpeg(bigFrame, { memoryLimitMb: 300, timeoutMs: 5_000 })).rejects.toBeInstanceOf(FfmpegError);
    },
    20_000,
  );

  it('still refuses a plain text file as not a video', async () => {
    fs.writeFileSync(file('notes.mp4'), 'just words\n'.repeat(200));
    const refused = await probe(file('notes.mp4')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(NotAVideoError);
    expect(refused).not.toBeInstanceOf(RefusedFormatError);
  });
});
