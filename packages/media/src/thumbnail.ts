import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, type RunOptions } from './ffmpeg.ts';
import { DEFAULT_MEDIA_LIMITS, fileInputArgs, runTimeoutMs, type MediaInput, type MediaLimits } from './limits.ts';

export const THUMBNAIL_WIDTH = 640;
const LATEST_THUMBNAIL_SECONDS = 3;

/** A tenth of the way in, at most 3 s: past a fade-in or black first frame, still representative. */
export const thumbnailTime = (durationSeconds: number): number =>
  Number.isFinite(durationSeconds) && durationSeconds > 0
    ? Math.min(LATEST_THUMBNAIL_SECONDS, durationSeconds * 0.1)
    : 0;

/** One JPEG frame, 640 wide (height follows the aspect ratio, kept even). */
export function thumbnailArgs(
  input: MediaInput,
  output: string,
  atSeconds: number,
  limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    // -ss before -i seeks by keyframe index instead of decoding everything before the frame.
    '-ss',
    atSeconds.toFixed(3),
    ...fileInputArgs(input, limits),
    '-frames:v',
    '1',
    '-an',
    '-sn',
    '-vf',
    `scale=${THUMBNAIL_WIDTH}:-2`,
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    '-f',
    'image2',
    '-update',
    '1',
    output,
  ];
}

export interface ThumbnailOptions extends Pick<RunOptions, 'signal'> {
  /** The source's duration, to pick the frame with thumbnailTime(). */
  durationSeconds?: number;
  /** An explicit time instead. */
  atSeconds?: number;
  /** DEFAULT_MEDIA_LIMITS unless given */
  limits?: MediaLimits;
}

/** Writes the thumbnail; falls back to the first frame when the chosen time yields none. */
export async function extractThumbnail(input: MediaInput, output: string, opts: ThumbnailOptions = {}): Promise<void> {
  const at = opts.atSeconds ?? thumbnailTime(opts.durationSeconds ?? 0);
  const limits = opts.limits ?? DEFAULT_MEDIA_LIMITS;
  // One frame: the short wall time, whatever the source's length.
  const run = { signal: opts.signal, timeoutMs: runTimeoutMs(limits), memoryLimitMb: limits.memoryLimitMb };
  await fs.mkdir(path.dirname(output), { recursive: true });
  await fs.rm(output, { force: true });
  await runFfmpeg(thumbnailArgs(input, output, at, limits), run);
  // Seeking at or past the last frame (a wrong container duration) makes ffmpeg exit 0 without output.
  if (at > 0 && !(await nonEmpty(output))) await runFfmpeg(thumbnailArgs(input, output, 0, limits), run);
  if (!(await nonEmpty(output))) throw new Error(`ffmpeg wrote no thumbnail for ${input.file}`);
}

async function nonEmpty(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => null);
  return stat !== null && stat.size > 0;
}
