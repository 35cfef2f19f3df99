import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clipCutArgs, cutClip } from './clip.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { probe } from './probe.ts';
import { generateTestVideo } from './test-video.ts';
import { scratchDir } from './test-fixtures.ts';

const dir = scratchDir('clip');
const source = path.join(dir, 'source.mp4');
const FPS = 25;

/** One frame as 64×36 grey bytes, for comparing pictures without caring about encoder noise. */
async function frameAt(file: string, seconds: number): Promise<Buffer> {
  const out = path.join(dir, `frame-${path.basename(file)}-${seconds}.gray`);
  await runFfmpeg([
    '-v',
    'error',
    '-y',
    '-ss',
    seconds.toFixed(3),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'scale=64:36',
    '-pix_fmt',
    'gray',
    '-f',
    'rawvideo',
    out,
  ]);
  return fs.readFileSync(out);
}

const difference = (a: Buffer, b: Buffer): number =>
  a.reduce((sum, byte, i) => sum + Math.abs(byte - b[i]!), 0) / a.length;

describe('clip cutting', () => {
  // Keyframes every 2 s (generateTestVideo's GOP), so a start at 3.36 s is far from any keyframe.
  beforeAll(() => generateTestVideo(source, { seconds: 16, width: 320, height: 180, frameRate: FPS }));

  it('seeks before the input, bounds the output, and re-encodes', () => {
    const input = { file: 'in.mp4', demuxer: 'mov' } as const;
    const args = clipCutArgs(input, 'out.mp4', { startSeconds: 3.4, durationSeconds: 10, hasAudio: true });
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '3.400']);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args.slice(args.indexOf('-i'), args.indexOf('-i') + 3)).toEqual([
      '-i',
      `file:${path.resolve('in.mp4')}`,
      '-t',
    ]);
    expect(args[args.indexOf('-t') + 1]).toBe('10.000');
    expect(args).toContain('libx264');
    expect(args).not.toContain('copy');
    expect(args).toContain('aac');
    expect(clipCutArgs(input, 'out.mp4', { startSeconds: 0, durationSeconds: 10, hasAudio: false })).toContain('-an');
    expect(() => clipCutArgs(input, 'out.mp4', { startSeconds: -1, durationSeconds: 10, hasAudio: false })).toThrow(
      RangeError,
    );
  });

  it('cuts exactly the asked length, starting on the asked frame rather than the keyframe before it', async () => {
    const start = 3.36; // frame 84; the keyframe before it is frame 50
    const out = path.join(dir, 'clip.mp4');
    await cutClip({ file: source, demuxer: 'mov' }, out, { startSeconds: start, durationSeconds: 10, hasAudio: true });
    const info = await probe(out);
    expect(Math.abs(info.durationSeconds - 10)).toBeLessThanOrEqual(0.1);
    expect(info.hasAudio).toBe(true);

    const first = await frameAt(out, 0);
    const exact = difference(first, await frameAt(source, start));
    const keyframe = difference(first, await frameAt(source, 2));
    const twoFramesOff = difference(first, await frameAt(source, start + 2 / FPS));
    expect(exact).toBeLessThan(3);
    expect(keyframe).toBeGreaterThan(exact * 2);
    expect(twoFramesOff).toBeGreaterThan(exact * 2);
  }, 60_000);
});
