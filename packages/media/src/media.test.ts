import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotAVideoError, extractThumbnail, generateTestVideo, probe, renditionLadder, transcodeToHls } from './index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
const withAudio = path.join(dir, 'with-audio.mp4');
const silent = path.join(dir, 'silent.mp4');

const extinfs = (playlist: string) => [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));

describe('media pipeline with the system ffmpeg', () => {
  beforeAll(async () => {
    await generateTestVideo(withAudio, { seconds: 4, width: 640, height: 360 });
    await generateTestVideo(silent, { seconds: 3, width: 320, height: 240, withAudio: false });
  });

  it('probes duration, size and codecs', async () => {
    const info = await probe(withAudio);
    expect(info.durationSeconds).toBeGreaterThan(3.8);
    expect(info.durationSeconds).toBeLessThan(4.2);
    expect([info.width, info.height, info.videoCodec, info.audioCodec]).toEqual([640, 360, 'h264', 'aac']);
  });

  it('refuses a text file named .mp4 and a still image', async () => {
    const text = path.join(dir, 'notes.mp4');
    fs.writeFileSync(text, 'these are not moving pictures\n'.repeat(100));
    await expect(probe(text)).rejects.toBeInstanceOf(NotAVideoError);
    const image = path.join(dir, 'still.jpg');
    await extractThumbnail(withAudio, image, { durationSeconds: 4 });
    await expect(probe(image)).rejects.toBeInstanceOf(NotAVideoError);
  });

  it('makes a JPEG thumbnail 640 wide', async () => {
    const out = path.join(dir, 'thumb.jpg');
    await extractThumbnail(withAudio, out, { durationSeconds: 4 });
    const head = fs.readFileSync(out).subarray(0, 3);
    expect([...head]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('never upscales and always keeps one rendition', () => {
    expect(renditionLadder(1080).map((r) => r.name)).toEqual(['360p', '720p', '1080p']);
    expect(renditionLadder(720).map((r) => r.name)).toEqual(['360p', '720p']);
    expect(renditionLadder(240).map((r) => r.height)).toEqual([240]);
  });

  it('transcodes to HLS with a master playlist, short segments and progress', async () => {
    const out = path.join(dir, 'hls');
    const progress: number[] = [];
    await transcodeToHls(withAudio, out, renditionLadder(360), { hasAudio: true, durationSeconds: 4, onProgress: (f) => void progress.push(f) });
    const master = fs.readFileSync(path.join(out, 'master.m3u8'), 'utf8');
    expect(master).toContain('360p/index.m3u8');
    const variant = fs.readFileSync(path.join(out, '360p', 'index.m3u8'), 'utf8');
    expect(variant).toContain('#EXT-X-ENDLIST');
    expect(extinfs(variant).every((d) => d <= 2.5)).toBe(true);
    expect(extinfs(variant).reduce((a, b) => a + b, 0)).toBeCloseTo(4, 0);
    expect(progress.at(-1)).toBeGreaterThan(0.9);
  });

  it('transcodes a video without sound', async () => {
    const out = path.join(dir, 'hls-silent');
    await transcodeToHls(silent, out, renditionLadder(240), { hasAudio: false });
    expect(fs.readFileSync(path.join(out, 'master.m3u8'), 'utf8')).toContain('240p/index.m3u8');
  });
});
