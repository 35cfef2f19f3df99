import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, type RunOptions } from './ffmpeg.ts';
import { DEFAULT_MEDIA_LIMITS, fileInputArgs, runTimeoutMs, type MediaInput, type MediaLimits } from './limits.ts';
import { probe } from './probe.ts';

export interface Rendition {
  /** Also the variant's folder name and its NAME in the master playlist, e.g. "720p". */
  name: string;
  /** Output height in pixels (even, as H.264 4:2:0 requires); width follows the aspect ratio. */
  height: number;
  videoBitrateKbps: number;
  audioBitrateKbps: number;
}

// Rungs close to what PeerTube and YouTube serve for these heights at H.264.
const STANDARD_RUNGS: readonly Rendition[] = [
  { name: '360p', height: 360, videoBitrateKbps: 800, audioBitrateKbps: 96 },
  { name: '720p', height: 720, videoBitrateKbps: 2800, audioBitrateKbps: 128 },
  { name: '1080p', height: 1080, videoBitrateKbps: 5000, audioBitrateKbps: 160 },
];

export const MASTER_PLAYLIST = 'master.m3u8';
export const VARIANT_PLAYLIST = 'index.m3u8';
export const DEFAULT_SEGMENT_SECONDS = 2;

/**
 * The renditions to make for a source of this (display) height: every standard rung up to the
 * source's height, never an upscale. A source shorter than the lowest rung still gets one rendition,
 * at its own height, so every video plays through HLS.
 */
export function renditionLadder(sourceHeight: number): Rendition[] {
  if (!Number.isFinite(sourceHeight) || sourceHeight < 2)
    throw new RangeError(`Invalid source height: ${sourceHeight}`);
  const fitting = STANDARD_RUNGS.filter((r) => r.height <= sourceHeight);
  if (fitting.length > 0) return fitting.map((r) => ({ ...r }));
  const lowest = STANDARD_RUNGS[0]!;
  const height = Math.floor(sourceHeight / 2) * 2;
  // Fewer pixels need fewer bits: scale the lowest rung's bitrate by area, with a floor for motion.
  const videoBitrateKbps = Math.max(
    200,
    Math.round((lowest.videoBitrateKbps * (height / lowest.height) ** 2) / 10) * 10,
  );
  return [{ ...lowest, name: `${height}p`, height, videoBitrateKbps }];
}

export interface HlsOptions {
  /** Target segment length; keyframes are forced on this grid so segments (and switches) align. */
  segmentSeconds?: number;
  /** Whether the source has an audio stream; a silent source gets video-only variants. Default true. */
  hasAudio?: boolean;
  /** Source frames per second, when known: sets the GOP to exactly one segment. */
  frameRate?: number | null;
  /** DEFAULT_MEDIA_LIMITS unless given */
  limits?: MediaLimits;
}

/**
 * One ffmpeg run that decodes the source once, scales it to every rendition and writes a VOD HLS
 * set: `outDir/master.m3u8` plus `outDir/<name>/index.m3u8` and `outDir/<name>/seg_00000.ts`….
 */
export function hlsVodArgs(
  input: MediaInput,
  outDir: string,
  ladder: readonly Rendition[],
  opts: HlsOptions = {},
): string[] {
  if (ladder.length === 0) throw new RangeError('The rendition ladder is empty');
  const segmentSeconds = opts.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS;
  const hasAudio = opts.hasAudio ?? true;
  const limits = opts.limits ?? DEFAULT_MEDIA_LIMITS;

  const split = `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`;
  // setsar=1 keeps players from stretching sources with non-square pixels; yuv420p is what browsers decode.
  const scales = ladder.map((r, i) => `[s${i}]scale=-2:${r.height},setsar=1,format=yuv420p[v${i}]`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...fileInputArgs(input, limits),
    '-filter_complex',
    [split, ...scales].join(';'),
  ];

  ladder.forEach((r, i) => {
    const kbps = r.videoBitrateKbps;
    args.push(
      '-map',
      `[v${i}]`,
      `-c:v:${i}`,
      'libx264',
      `-b:v:${i}`,
      `${kbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(kbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${kbps * 2}k`,
    );
    if (hasAudio) args.push('-map', '0:a:0', `-c:a:${i}`, 'aac', `-b:a:${i}`, `${r.audioBitrateKbps}k`);
  });

  args.push('-preset', 'veryfast', '-profile:v', 'high', '-sc_threshold', '0');
  // A keyframe at every segment boundary, whatever the frame rate, so every rendition cuts at the
  // same instants and hls.js can switch between them without a glitch.
  args.push('-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`);
  if (opts.frameRate && opts.frameRate > 0) {
    const gop = String(Math.max(1, Math.round(opts.frameRate * segmentSeconds)));
    args.push('-g', gop, '-keyint_min', gop);
  }
  if (hasAudio) args.push('-ac', '2', '-ar', '48000');

  // A container can understate its duration; the encode still stops at the limit.
  if (Number.isFinite(limits.maxDurationSeconds)) args.push('-t', String(limits.maxDurationSeconds));
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(outDir, '%v', 'seg_%05d.ts'),
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    ladder.map((r, i) => (hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(' '),
    path.join(outDir, '%v', VARIANT_PLAYLIST),
  );
  return args;
}

export interface HlsOutput {
  masterPlaylist: string;
  variants: Array<{ rendition: Rendition; playlist: string }>;
}

/**
 * Transcodes `input` into `outDir` (created if needed), within the limits' wall time and memory.
 * Whatever the caller does not know about the source (audio, duration for progress and the time
 * limit, frame rate) is probed first.
 */
export async function transcodeToHls(
  input: MediaInput,
  outDir: string,
  ladder: readonly Rendition[],
  opts: HlsOptions & RunOptions = {},
): Promise<HlsOutput> {
  let { hasAudio, durationSeconds, frameRate } = opts;
  if (hasAudio === undefined || durationSeconds === undefined) {
    const info = await probe(input.file, { signal: opts.signal, limits: opts.limits });
    hasAudio ??= info.hasAudio;
    durationSeconds ??= info.durationSeconds;
    frameRate ??= info.frameRate;
  }
  await fs.mkdir(outDir, { recursive: true });
  const limits = opts.limits ?? DEFAULT_MEDIA_LIMITS;
  await runFfmpeg(hlsVodArgs(input, outDir, ladder, { ...opts, hasAudio, frameRate }), {
    ...opts,
    durationSeconds,
    timeoutMs: opts.timeoutMs ?? runTimeoutMs(limits, durationSeconds),
    memoryLimitMb: limits.memoryLimitMb,
  });
  return {
    masterPlaylist: path.join(outDir, MASTER_PLAYLIST),
    variants: ladder.map((rendition) => ({ rendition, playlist: path.join(outDir, rendition.name, VARIANT_PLAYLIST) })),
  };
}
