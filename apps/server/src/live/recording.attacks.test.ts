import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MEDIA_LIMITS, generateTestVideo, probe, runFfmpeg } from '@app/media';
import { afterAll, describe, expect, it } from 'vitest';
import { joinParts } from './recording.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'recording-attacks-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('joining recording parts', () => {
  it('joins parts without a list of names for ffmpeg to read, so no name can smuggle in another input', async () => {
    // `concat:a|b` splits on "|": a folder so named would have made ffmpeg open files that are not parts.
    const dir = path.join(root, 'stream|x');
    fs.mkdirSync(dir);
    const source = path.join(root, 'source.mp4');
    await generateTestVideo(source, { seconds: 2, width: 320, height: 240 });
    const parts = ['recording-1.ts', 'recording-2.ts'].map((p) => path.join(dir, p));
    for (const part of parts) await runFfmpeg(['-v', 'error', '-y', '-i', source, '-c', 'copy', '-f', 'mpegts', part]);

    const out = path.join(dir, 'recording.ts');
    await joinParts(parts, out, DEFAULT_MEDIA_LIMITS);
    const info = await probe(out);
    expect(info.demuxer).toBe('mpegts');
    expect(info.durationSeconds).toBeGreaterThan(3.5);
    expect(fs.readdirSync(dir).sort()).toEqual(['recording-1.ts', 'recording-2.ts', 'recording.ts']);
  });
});
