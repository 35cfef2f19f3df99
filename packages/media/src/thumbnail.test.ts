import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runFfprobe } from './ffmpeg.ts';
import { generateTestVideo } from './test-video.ts';
import { scratchDir } from './test-fixtures.ts';
import {
  extractThumbnail,
  extractThumbnailSet,
  imageSetArgs,
  sniffImage,
  thumbnailArgs,
  thumbnailTime,
} from './thumbnail.ts';

const dir = scratchDir('thumbnail');
const source = path.join(dir, 'source.mp4');

describe('thumbnails', () => {
  beforeAll(() => generateTestVideo(source, { seconds: 4, width: 640, height: 360 }));

  it('picks a tenth of the way in, at most 3 s', () => {
    expect(thumbnailTime(4)).toBeCloseTo(0.4);
    expect(thumbnailTime(600)).toBe(3);
    expect(thumbnailTime(0)).toBe(0);
    expect(thumbnailTime(Number.NaN)).toBe(0);
  });

  it('builds one JPEG frame 640 wide', () => {
    const args = thumbnailArgs({ file: 'in.mp4', demuxer: 'mov' }, 'out.jpg', 1.5);
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '1.500']);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args[args.indexOf('-i') + 1]).toBe(`file:${path.resolve('in.mp4')}`);
    expect(args).toContain('scale=640:-2');
    expect(args.at(-1)).toBe('out.jpg');
  });

  it('writes a JPEG 640 pixels wide', async () => {
    const out = path.join(dir, 'thumb.jpg');
    await extractThumbnail({ file: source, demuxer: 'mov' }, out, { durationSeconds: 4 });
    expect([...fs.readFileSync(out).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const size = await runFfprobe([
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0',
      out,
    ]);
    expect(size.trim()).toBe('640,360');
  });

  it('falls back to the first frame when the time is past the end', async () => {
    const out = path.join(dir, 'late.jpg');
    await extractThumbnail({ file: source, demuxer: 'mov' }, out, { atSeconds: 60 });
    expect([...fs.readFileSync(out).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('writes the card sizes, 320 and 640 wide, as JPEG and WebP from one frame, and falls back to the first frame', async () => {
    const sizeOf = async (file: string) =>
      (await runFfprobe(['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file])).trim();
    for (const atSeconds of [undefined, 60]) {
      const set = await extractThumbnailSet({ file: source, demuxer: 'mov' }, path.join(dir, `set-${atSeconds}`), {
        durationSeconds: 4,
        atSeconds,
      });
      expect(set.sizes.map((s) => s.width)).toEqual([320, 640]);
      for (const { width, jpeg, webp } of set.sizes) {
        expect([...fs.readFileSync(jpeg).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        expect(fs.readFileSync(webp!).subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(await sizeOf(jpeg)).toBe(`${width},${(width * 9) / 16}`);
        expect(await sizeOf(webp!)).toBe(`${width},${(width * 9) / 16}`);
      }
      // the small WebP is what a phone loads: a fraction of the full-size JPEG
      expect(fs.statSync(set.sizes[0]!.webp!).size).toBeLessThan(fs.statSync(set.sizes[1]!.jpeg).size / 2);
    }
  });
});

describe('uploaded thumbnail pictures', () => {
  it('reads the type from the first bytes only', () => {
    expect(sniffImage(Buffer.from('ffd8ffe000104a4649460001', 'hex'))).toBe('jpeg');
    expect(sniffImage(Buffer.from('89504e470d0a1a0a0000000d', 'hex'))).toBe('png');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBP'))).toBe('webp');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0AVI '))).toBeNull(); // a video in the same wrapper
    expect(sniffImage(Buffer.from('<svg onload="x">'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(new Uint8Array(0))).toBeNull();
  });

  it('opens the picture as a local file with its demuxer forced and the frame size capped', () => {
    const args = imageSetArgs('up load.png', 'png', 'out', ['jpeg']);
    expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-protocol_whitelist') + 2)).toEqual([
      '-protocol_whitelist',
      'file',
    ]);
    expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 2)).toEqual(['-f', 'png_pipe']);
    expect(args).toContain('-max_pixels');
    expect(args[args.indexOf('-i') + 1]).toBe(`file:${path.resolve('up load.png')}`);
  });
});
