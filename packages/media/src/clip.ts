import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, type RunOptions } from './ffmpeg.ts';
import { DEFAULT_MEDIA_LIMITS, fileInputArgs, runTimeoutMs, type MediaInput, type MediaLimits } from './limits.ts';

export interface ClipCutOptions {
  startSeconds: number;
  durationSeconds: number;
  /** whether the source has an audio stream; a silent source gives a silent clip */
  hasAudio: boolean;
  /** DEFAULT_MEDIA_LIMITS unless given */
  limits?: MediaLimits;
}

/**
 * A frame-accurate cut as a standalone H.264/AAC MP4. `-ss` before `-i` seeks to the keyframe
 * before the start and, because the clip is re-encoded, decodes from there and drops the frames
 * before the start: the first frame is the one at the start time, not the previous keyframe that a
 * stream copy would begin with. `-t` after the input bounds the output's length.
 */
export function clipCutArgs(input: MediaInput, output: string, opts: ClipCutOptions): string[] {
  const { startSeconds, durationSeconds, hasAudio, limits = DEFAULT_MEDIA_LIMITS } = opts;
  if (!(startSeconds >= 0) || !(durationSeconds > 0))
    throw new RangeError(`Invalid clip range ${startSeconds}+${durationSeconds}`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    startSeconds.toFixed(3),
    ...fileInputArgs(input, limits),
    '-t',
    durationSeconds.toFixed(3),
  ];
  args.push(
    '-map',
    '0:v:0',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    'setsar=1',
  );
  if (hasAudio) args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000');
  else args.push('-an');
  // No subtitles or data tracks; timestamps start at zero; the index up front for progressive playback.
  args.push(
    '-sn',
    '-dn',
    '-avoid_negative_ts',
    'make_zero',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    path.resolve(output),
  );
  return args;
}

/** Cuts `input` into the MP4 `output` (its folder is created if needed). */
export async function cutClip(
  input: MediaInput,
  output: string,
  opts: ClipCutOptions & Pick<RunOptions, 'signal' | 'onProgress'>,
): Promise<void> {
  const limits = opts.limits ?? DEFAULT_MEDIA_LIMITS;
  await fs.mkdir(path.dirname(output), { recursive: true });
  await runFfmpeg(clipCutArgs(input, output, opts), {
    signal: opts.signal,
    onProgress: opts.onProgress,
    durationSeconds: opts.durationSeconds,
    // Seeking decodes up to a GOP before the start: the cut's length plus the base wall time.
    timeoutMs: runTimeoutMs(limits, opts.durationSeconds),
    memoryLimitMb: limits.memoryLimitMb,
  });
}
