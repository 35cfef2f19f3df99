import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runFfprobe } from './ffmpeg.ts';
import { generateTestVideo } from './test-video.ts';
import { scratchDir } from './test-fixtures.ts';
import { extractThumbnail, thumbnailArgs, thumbnailTime } from './thumbnail.ts';

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
});
