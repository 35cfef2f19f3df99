import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from './ffmpeg.ts';
import { NotAVideoError, probe } from './probe.ts';
import { generateTestVideo } from './test-video.ts';
import { scratchDir } from './test-fixtures.ts';

const dir = scratchDir('probe');
const file = (name: string) => path.join(dir, name);

describe('probe', () => {
  beforeAll(async () => {
    await Promise.all([
      generateTestVideo(file('with-audio.mp4'), { seconds: 4, width: 640, height: 360 }),
      generateTestVideo(file('silent.mp4'), { seconds: 1, width: 320, height: 240, withAudio: false }),
      runFfmpeg([
        '-hide_banner',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=200x100',
        '-frames:v',
        '1',
        file('picture.png'),
      ]),
      runFfmpeg([
        '-hide_banner',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=200x100',
        '-frames:v',
        '1',
        file('picture.jpg'),
      ]),
      runFfmpeg(['-hide_banner', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', file('sound.m4a')]),
    ]);
  });

  it('reads duration, size and codecs of a video', async () => {
    const info = await probe(file('with-audio.mp4'));
    expect(info.durationSeconds).toBeGreaterThan(3.8);
    expect(info.durationSeconds).toBeLessThan(4.2);
    expect(info).toMatchObject({
      width: 640,
      height: 360,
      videoCodec: 'h264',
      audioCodec: 'aac',
      hasVideo: true,
      hasAudio: true,
      frameRate: 25,
    });
    expect(info.formatName).toContain('mp4');
  });

  it('reads a video without sound', async () => {
    expect(await probe(file('silent.mp4'))).toMatchObject({
      width: 320,
      height: 240,
      audioCodec: null,
      hasAudio: false,
    });
  });

  it.each([
    ['a text file named .mp4', 'notes.mp4', 'these are not moving pictures\n'.repeat(100)],
    ['a text file', 'notes.txt', 'plain text that ffprobe would read as ANSI art\n'.repeat(100)],
    ['random bytes', 'noise.mov', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ['an empty file', 'empty.mp4', ''],
  ])('refuses %s', async (_name, name, content) => {
    fs.writeFileSync(file(name), content);
    await expect(probe(file(name))).rejects.toBeInstanceOf(NotAVideoError);
  });

  it.each([
    ['a PNG image', 'picture.png'],
    ['a JPEG image', 'picture.jpg'],
    ['a JPEG renamed .mp4', 'picture-jpg.mp4'],
    ['audio only', 'sound.m4a'],
    ['a missing file', 'missing.mp4'],
  ])('refuses %s', async (_name, name) => {
    if (name === 'picture-jpg.mp4') fs.copyFileSync(file('picture.jpg'), file(name));
    await expect(probe(file(name))).rejects.toBeInstanceOf(NotAVideoError);
  });

  it('passes an abort through rather than calling the file invalid', async () => {
    await expect(probe(file('with-audio.mp4'), { signal: AbortSignal.abort() })).rejects.not.toBeInstanceOf(
      NotAVideoError,
    );
  });
});
