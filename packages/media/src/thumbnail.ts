import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, type RunOptions } from './ffmpeg.ts';

export const THUMBNAIL_WIDTH = 640;
const LATEST_THUMBNAIL_SECONDS = 3;

/** A tenth of the way in, at most 3 s: past a fade-in or black first frame, still representative. */
export const thumbnailTime = (durationSeconds: number): number =>
  Number.isFinite(durationSeconds) && durationSeconds > 0 ? Math.min(LATEST_THUMBNAIL_SECONDS, durationSeconds * 0.1) : 0;

/** One JPEG frame, 640 wide (height follows the aspect ratio, kept even). */
export function thumbnailArgs(input: string, output: string, atSeconds: number): string[] {
  return [
    '-hide_banner', '-nostdin', '-y',
    // -ss before -i seeks by keyframe index instead of decoding everything before the frame.
    '-ss', atSeconds.toFixed(3),
    '-i', input,
    '-frames:v', '1', '-an', '-sn',
    '-vf', `scale=${THUMBNAIL_WIDTH}:-2`,
    '-c:v', 'mjpeg', '-q:v', '3',
    '-f', 'image2', '-update', '1',
    output,
  ];
}

export interface ThumbnailOptions extends Pick<RunOptions, 'signal'> {
  /** The source's duration, to pick the frame with thumbnailTime(). */
  durationSeconds?: number;
  /** An explicit time instead. */
  atSeconds?: number;
}

/** Writes the thumbnail; falls back to the first frame when the chosen time yields none. */
export async function extractThumbnail(input: string, output: string, opts: ThumbnailOptions = {}): Promise<void> {
  const at = opts.atSeconds ?? thumbnailTime(opts.durationSeconds ?? 0);
  await fs.mkdir(path.dirname(output), { recursive: true });
  await fs.rm(output, { force: true });
  await runFfmpeg(thumbnailArgs(input, output, at), { signal: opts.signal });
  // Seeking at or past the last frame (a wrong container duration) makes ffmpeg exit 0 without output.
  if (at > 0 && !(await nonEmpty(output))) await runFfmpeg(thumbnailArgs(input, output, 0), { signal: opts.signal });
  if (!(await nonEmpty(output))) throw new Error(`ffmpeg wrote no thumbnail for ${input}`);
}

async function nonEmpty(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => null);
  return stat !== null && stat.size > 0;
}
