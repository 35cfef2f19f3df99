import fs from 'node:fs/promises';
import path from 'node:path';
import { FfmpegError, runFfmpeg, type RunOptions } from './ffmpeg.ts';
import {
  DEFAULT_MEDIA_LIMITS,
  fileInputArgs,
  imageInputArgs,
  runTimeoutMs,
  type ImageType,
  type MediaInput,
  type MediaLimits,
} from './limits.ts';

export const THUMBNAIL_WIDTH = 640;
const LATEST_THUMBNAIL_SECONDS = 3;

/** A tenth of the way in, at most 3 s: past a fade-in or black first frame, still representative. */
export const thumbnailTime = (durationSeconds: number): number =>
  Number.isFinite(durationSeconds) && durationSeconds > 0
    ? Math.min(LATEST_THUMBNAIL_SECONDS, durationSeconds * 0.1)
    : 0;

/** The source opened as itself, seeked to the frame. */
function frameInputArgs(input: MediaInput, atSeconds: number, limits: MediaLimits): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    // -ss before -i seeks by keyframe index instead of decoding everything before the frame.
    '-ss',
    atSeconds.toFixed(3),
    ...fileInputArgs(input, limits),
  ];
}

/** One JPEG frame, 640 wide (height follows the aspect ratio, kept even). */
export function thumbnailArgs(
  input: MediaInput,
  output: string,
  atSeconds: number,
  limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
): string[] {
  return [
    ...frameInputArgs(input, atSeconds, limits),
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

/** The widths cards show thumbnails at (one column on a phone, a grid cell on a desktop, doubled for sharp screens). */
export const THUMBNAIL_SET_WIDTHS = [320, 640] as const;
export type ThumbnailFormat = 'jpeg' | 'webp';
const EXTENSION: Record<ThumbnailFormat, string> = { jpeg: 'jpg', webp: 'webp' };

/** One decoded frame, written at every width of the set in every format: `<dir>/<width>.<jpg|webp>`. */
export function thumbnailSetArgs(
  input: MediaInput,
  dir: string,
  atSeconds: number,
  formats: readonly ThumbnailFormat[],
  limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
): string[] {
  return [...frameInputArgs(input, atSeconds, limits), ...setOutputArgs(dir, formats)];
}

/** An uploaded picture re-encoded at every width of the set (nothing of its original bytes is kept). */
export function imageSetArgs(
  file: string,
  type: ImageType,
  dir: string,
  formats: readonly ThumbnailFormat[],
  limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
): string[] {
  return ['-hide_banner', '-nostdin', '-y', ...imageInputArgs(file, type, limits), ...setOutputArgs(dir, formats)];
}

function setOutputArgs(dir: string, formats: readonly ThumbnailFormat[]): string[] {
  const outputs = THUMBNAIL_SET_WIDTHS.flatMap((width) => formats.map((format) => ({ width, format })));
  const split = `[0:v]split=${outputs.length}${outputs.map((_, i) => `[in${i}]`).join('')}`;
  const scales = outputs.map(({ width }, i) => `[in${i}]scale=${width}:-2[out${i}]`);
  return [
    '-an',
    '-sn',
    '-filter_complex',
    [split, ...scales].join(';'),
    ...outputs.flatMap(({ width, format }, i) => [
      '-map',
      `[out${i}]`,
      '-frames:v',
      '1',
      ...(format === 'jpeg' ? ['-c:v', 'mjpeg', '-q:v', '3'] : ['-c:v', 'libwebp', '-quality', '75']),
      '-f',
      'image2',
      '-update',
      '1',
      path.join(dir, `${width}.${EXTENSION[format]}`),
    ]),
  ];
}

export interface ThumbnailSet {
  /** every width of THUMBNAIL_SET_WIDTHS, in order, with its files (webp null where ffmpeg has no WebP encoder) */
  sizes: { width: number; jpeg: string; webp: string | null }[];
}

/**
 * The thumbnail at every card width, as JPEG and (when this ffmpeg can) WebP, from one decoded
 * frame; falls back to the first frame as extractThumbnail does.
 */
export async function extractThumbnailSet(
  input: MediaInput,
  dir: string,
  opts: ThumbnailOptions = {},
): Promise<ThumbnailSet> {
  const at = opts.atSeconds ?? thumbnailTime(opts.durationSeconds ?? 0);
  const limits = opts.limits ?? DEFAULT_MEDIA_LIMITS;
  return renderSet(dir, opts, (seconds, formats) => thumbnailSetArgs(input, dir, seconds, formats, limits), at);
}

/** An uploaded JPEG, PNG or WebP as a thumbnail set; ffmpeg fails (FfmpegError) on bytes that do not decode. */
export async function imageThumbnailSet(
  file: string,
  type: ImageType,
  dir: string,
  opts: Omit<ThumbnailOptions, 'atSeconds' | 'durationSeconds'> = {},
): Promise<ThumbnailSet> {
  const limits = opts.limits ?? DEFAULT_MEDIA_LIMITS;
  return renderSet(dir, opts, (_, formats) => imageSetArgs(file, type, dir, formats, limits), 0);
}

async function renderSet(
  dir: string,
  opts: ThumbnailOptions,
  argsFor: (seconds: number, formats: readonly ThumbnailFormat[]) => string[],
  at: number,
): Promise<ThumbnailSet> {
  const limits = opts.limits ?? DEFAULT_MEDIA_LIMITS;
  const run = { signal: opts.signal, timeoutMs: runTimeoutMs(limits), memoryLimitMb: limits.memoryLimitMb };
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  let formats: ThumbnailFormat[] = ['jpeg', 'webp'];
  const render = async (seconds: number) => {
    try {
      await runFfmpeg(argsFor(seconds, formats), run);
    } catch (err) {
      // A build of ffmpeg without libwebp: JPEG only.
      if (!(err instanceof FfmpegError && /libwebp/i.test(err.stderrTail)) || formats.length === 1) throw err;
      formats = ['jpeg'];
      await runFfmpeg(argsFor(seconds, formats), run);
    }
  };
  const file = (width: number, format: ThumbnailFormat) => path.join(dir, `${width}.${EXTENSION[format]}`);
  const smallest = file(THUMBNAIL_SET_WIDTHS[0], 'jpeg');
  await render(at);
  if (at > 0 && !(await nonEmpty(smallest))) await render(0);
  if (!(await nonEmpty(smallest))) throw new Error(`ffmpeg wrote no thumbnail in ${dir}`);
  return {
    sizes: THUMBNAIL_SET_WIDTHS.map((width) => ({
      width,
      jpeg: file(width, 'jpeg'),
      webp: formats.includes('webp') ? file(width, 'webp') : null,
    })),
  };
}

async function nonEmpty(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => null);
  return stat !== null && stat.size > 0;
}

/**
 * The picture type its first bytes show (JPEG, PNG or WebP), whatever name or type it was sent
 * with; null for anything else. Only a type found here is ever handed to a decoder.
 */
export function sniffImage(head: Uint8Array): ImageType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}
