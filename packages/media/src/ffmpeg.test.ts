import { afterEach, describe, expect, it } from 'vitest';
import { FfmpegError, MediaToolMissingError, locate, runFfmpeg, runFfprobe } from './ffmpeg.ts';

const lavfiClip = (seconds: number) => ['-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${seconds}`];

describe('locating and running ffmpeg', () => {
  const saved = process.env.FFMPEG_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = saved;
  });

  it('finds ffmpeg and ffprobe', async () => {
    expect(await locate('ffmpeg')).toMatch(/ffmpeg/);
    expect(await runFfprobe(['-version'])).toMatch(/^ffprobe version/);
  });

  it('uses FFMPEG_PATH and says so clearly when it is wrong', async () => {
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    await expect(locate('ffmpeg')).rejects.toThrow(MediaToolMissingError);
    await expect(runFfmpeg(['-version'])).rejects.toThrow(/FFMPEG_PATH is set to "\/nonexistent\/ffmpeg"/);
  });

  it('reports progress relative to the duration, ending at 1', async () => {
    const seen: number[] = [];
    await runFfmpeg(['-hide_banner', ...lavfiClip(2), '-f', 'null', '-'], {
      durationSeconds: 2,
      onProgress: (f) => void seen.push(f),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(1);
  });

  it('fails with the end of stderr', async () => {
    const failure = await runFfmpeg(['-hide_banner', '-i', '/nonexistent/input.mp4', '-f', 'null', '-']).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(FfmpegError);
    expect((failure as FfmpegError).exitCode).not.toBe(0);
    expect((failure as FfmpegError).stderrTail).toMatch(/No such file/);
  });

  it('kills ffmpeg when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    // -re paces reading at real time, so this would take a minute if the abort did not kill it.
    const running = runFfmpeg(['-hide_banner', '-re', ...lavfiClip(60), '-f', 'null', '-'], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('cancelled by test')), 300);
    await expect(running).rejects.toThrow('cancelled by test');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
