import path from 'node:path';
import { FfmpegError, runFfprobe } from './ffmpeg.ts';

/** The bytes are not a playable video (whatever the file's name or declared type say): HTTP 415. */
export class NotAVideoError extends Error {
  override name = 'NotAVideoError';
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

/** What the bytes really are; throws NotAVideoError for anything that is not a playable video. */
export async function probe(file: string, signal?: AbortSignal): Promise<MediaInfo> {
  // A hostile file should not hold a probe (and an upload request) open for ever.
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  // An absolute path can never be mistaken for an option, whatever the file is called.
  const input = path.resolve(file);
  let out: ProbeOutput;
  try {
    const json = await runFfprobe(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input], {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    out = JSON.parse(json) as ProbeOutput;
  } catch (err) {
    if (signal?.aborted) throw err;
    // Only "ffprobe ran and could not make sense of it" means not-a-video; a missing ffprobe is our fault.
    if (err instanceof FfmpegError || err instanceof SyntaxError || timeout.aborted) {
      throw new NotAVideoError(`Not a readable video: ${err instanceof FfmpegError ? err.message : 'ffprobe gave no answer'}`);
    }
    throw err;
  }
  return describe(out);
}

function describe(out: ProbeOutput): MediaInfo {
  const formatName = out.format?.format_name ?? '';
  const streams = out.streams ?? [];
  // Cover art in an audio file is a video stream flagged attached_pic: still not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video) throw new NotAVideoError('The file has no video stream');
  if (formatName.split(',').some((name) => NOT_VIDEO_FORMATS.test(name))) throw new NotAVideoError(`The file is an image or text (${formatName}), not a video`);

  const duration = positive(out.format?.duration) ?? positive(video.duration);
  if (duration === null || video.nb_frames === '1') throw new NotAVideoError('The file is a still picture, not a video');
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
  };
}

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
