import path from 'node:path';
import { FfmpegError, runFfprobeWithLog } from './ffmpeg.ts';
import {
  ALLOWED_DEMUXERS,
  DEFAULT_MEDIA_LIMITS,
  MediaLimitError,
  demuxerOf,
  type Demuxer,
  type MediaLimits,
} from './limits.ts';

/** The bytes are not a playable video (whatever the file's name or declared type say): HTTP 415. */
export class NotAVideoError extends Error {
  override name = 'NotAVideoError';
}

/**
 * The bytes are a playlist, a concat script or another format that is not a self-contained video
 * (HTTP 415). Its message is written for the uploader.
 */
export class RefusedFormatError extends NotAVideoError {
  override name = 'RefusedFormatError';
  /** a playlist or a concat script: the uploader sent a list of files, not a video */
  readonly refersToOtherFiles: boolean;
  constructor(readonly format: string) {
    super(
      REFERS_TO_OTHER_FILES.has(format)
        ? `This file is a ${format === 'concat' ? 'concat script' : 'playlist'} that refers to other files, not a video: upload the video file itself`
        : `Files in the "${format}" format are not accepted: upload an MP4, MOV, WebM, MKV, AVI, FLV or MPEG video`,
    );
    this.refersToOtherFiles = REFERS_TO_OTHER_FILES.has(format);
  }
}

export interface MediaInfo {
  durationSeconds: number;
  /** Display size: already swapped for phone videos stored rotated by 90°, as ffmpeg will autorotate. */
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  formatName: string;
  /** Always true on a returned value: anything without a real video stream throws instead. */
  hasVideo: true;
  hasAudio: boolean;
  /** Average frames per second, when the container states it. */
  frameRate: number | null;
  /** The demuxer every later run must force on this file. */
  demuxer: Demuxer;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  /** refused above these (MediaLimitError); DEFAULT_MEDIA_LIMITS unless given */
  limits?: MediaLimits;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  nb_frames?: string;
  avg_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

interface ProbeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: ProbeStream[];
}

// ffprobe opens a lone picture as a one-frame "video" stream (codec png, mjpeg, …) through one of
// these image demuxers; `tty` is how it reads plain text (as ANSI art). None of them is a video.
const NOT_VIDEO_FORMATS = /^(image2|image2pipe|\w+_pipe|gif|apng|webp|tty|ico|svg)$/;
const PROBE_TIMEOUT_MS = 60_000;
// Formats whose demuxer opens further files or URLs named inside the bytes.
const REFERS_TO_OTHER_FILES = new Set(['hls', 'concat', 'dash', 'sdp', 'rtsp']);
// A frame over -max_pixels, or beyond what ffmpeg can address at all.
const OVER_MAX_PIXELS = /Picture size (\d+)x(\d+) (?:exceeds specified max pixel count|is invalid)/;
// What ffprobe logs when format detection picked a demuxer that is not on the whitelist.
const NOT_ON_WHITELIST = /\[([\w,]+) @ [^\]]+\] Format not on whitelist/;

/**
 * What the bytes really are; throws NotAVideoError for anything that is not a playable video in an
 * allowed container, and MediaLimitError for a video over the limits. ffprobe itself may only pick
 * an allowed demuxer and read the local file, so a playlist is refused before it opens anything.
 */
export async function probe(file: string, opts: ProbeOptions = {}): Promise<MediaInfo> {
  const { signal, limits = DEFAULT_MEDIA_LIMITS } = opts;
  // A hostile file should not hold a probe (and an upload request) open for ever.
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  // `file:` and an absolute path: never mistaken for an option or another protocol, whatever the file is called.
  const input = `file:${path.resolve(file)}`;
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    ALLOWED_DEMUXERS.join(','),
    '-max_pixels',
    String(limits.maxFramePixels),
  ];
  let out: ProbeOutput;
  let log: string;
  try {
    const run = await runFfprobeWithLog([...args, '-print_format', 'json', '-show_format', '-show_streams', input], {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      memoryLimitMb: limits.memoryLimitMb,
    });
    out = JSON.parse(run.stdout) as ProbeOutput;
    log = run.stderrTail;
  } catch (err) {
    if (signal?.aborted) throw err;
    const refused = err instanceof FfmpegError ? NOT_ON_WHITELIST.exec(err.stderrTail)?.[1]?.split(',')[0] : undefined;
    if (refused && !NOT_VIDEO_FORMATS.test(refused)) throw new RefusedFormatError(refused);
    // Only "ffprobe ran and could not make sense of it" means not-a-video; a missing ffprobe is our fault.
    if (err instanceof FfmpegError || err instanceof SyntaxError || timeout.aborted) {
      // ffprobe names the file by its path on this server: the uploader is told of "the file" instead
      const why =
        err instanceof FfmpegError
          ? err.message.replaceAll(input, 'the file').replaceAll(path.resolve(file), 'the file')
          : 'ffprobe gave no answer';
      throw new NotAVideoError(`Not a readable video: ${why}`);
    }
    throw err;
  }
  // The decoder refused a frame over -max_pixels, so the stream shows no size: say why.
  const oversized = OVER_MAX_PIXELS.exec(log);
  if (oversized) throw frameTooLarge(Number(oversized[1]), Number(oversized[2]), limits);
  const info = describe(out);
  checkLimits(info, limits);
  return info;
}

function describe(out: ProbeOutput): MediaInfo {
  const formatName = out.format?.format_name ?? '';
  const streams = out.streams ?? [];
  // Cover art in an audio file is a video stream flagged attached_pic: still not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video) throw new NotAVideoError('The file has no video stream');
  if (formatName.split(',').some((name) => NOT_VIDEO_FORMATS.test(name)))
    throw new NotAVideoError(`The file is an image or text (${formatName}), not a video`);
  const demuxer = demuxerOf(formatName);
  if (!demuxer) throw new RefusedFormatError(formatName.split(',')[0] || 'unknown');

  const duration = positive(out.format?.duration) ?? positive(video.duration);
  if (duration === null || video.nb_frames === '1')
    throw new NotAVideoError('The file is a still picture, not a video');
  if (!video.width || !video.height) throw new NotAVideoError('The video stream has no picture size');

  const quarterTurn = Math.abs(rotation(video)) % 180 === 90;
  return {
    durationSeconds: duration,
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    formatName,
    hasVideo: true,
    hasAudio: audio !== undefined,
    frameRate: frameRate(video.avg_frame_rate),
    demuxer,
  };
}

/** Refuses what would cost too much to decode, from what the container and stream headers declare. */
function checkLimits(info: MediaInfo, limits: MediaLimits): void {
  const { width, height, durationSeconds, frameRate: fps } = info;
  if (width > limits.maxFrameSide || height > limits.maxFrameSide || width * height > limits.maxFramePixels)
    throw frameTooLarge(width, height, limits);
  if (durationSeconds > limits.maxDurationSeconds) {
    throw new MediaLimitError(
      `The video is ${formatDuration(durationSeconds)} long; the limit is ${formatDuration(limits.maxDurationSeconds)}`,
      'video_too_long',
      { max_minutes: Math.max(1, Math.round(limits.maxDurationSeconds / 60)) },
    );
  }
  if (fps !== null && fps > limits.maxFrameRate) {
    throw new MediaLimitError(
      `The video has ${Math.round(fps)} frames per second; the limit is ${limits.maxFrameRate}`,
      'frame_rate_too_high',
      { max: limits.maxFrameRate },
    );
  }
}

const frameTooLarge = (width: number, height: number, limits: MediaLimits): MediaLimitError =>
  new MediaLimitError(
    `The video's frame size ${width}×${height} is over the limit (at most ${limits.maxFrameSide} pixels a side and ${limits.maxFramePixels} pixels a frame)`,
    'frame_too_large',
    { max_side: limits.maxFrameSide },
  );

const formatDuration = (seconds: number): string => {
  if (seconds < 120) return Math.round(seconds) === 1 ? '1 second' : `${Math.round(seconds)} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} minutes` : `${(minutes / 60).toFixed(1).replace(/\.0$/, '')} hours`;
};

function positive(text: string | undefined): number | null {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/** Older muxers store rotation as a `rotate` tag, newer ones as display-matrix side data. */
function rotation(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  return Math.round(fromSideData ?? Number(stream.tags?.rotate ?? 0)) || 0;
}

function frameRate(text: string | undefined): number | null {
  const [num, den] = (text ?? '').split('/').map(Number);
  return num && den ? num / den : null;
}
