import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A scratch folder for one test file, removed when the file's tests end. */
export function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `media-${prefix}-`));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** #EXTINF durations of a media playlist, in seconds. */
export const segmentDurations = (playlist: string): number[] =>
  [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));

/** Variant URIs of a master playlist: the line after each #EXT-X-STREAM-INF. */
export function variantUris(master: string): string[] {
  const lines = master.split('\n').map((l) => l.trim());
  return lines.flatMap((line, i) => (line.startsWith('#EXT-X-STREAM-INF') ? [lines[i + 1] ?? ''] : []));
}
