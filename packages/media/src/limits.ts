import path from 'node:path';

/**
 * What one media job is allowed to take on. User bytes can declare anything (a 30000×30000 frame,
 * ten hours of black), and decoding is where that turns into memory and CPU: the probe checks these
 * before any transcode, and every ffmpeg run is bounded in time and address space.
 */
export interface MediaLimits {
  maxDurationSeconds: number;
  /** widest or tallest frame accepted, in pixels */
  maxFrameSide: number;
  /** largest frame area accepted; decoders are also told to refuse bigger pictures */
  maxFramePixels: number;
  maxFrameRate: number;
  /** wall time of one ffmpeg run on a short input; long inputs get RUN_SECONDS_PER_MEDIA_SECOND more per second */
  runTimeoutSeconds: number;
  /** address-space cap of each ffmpeg/ffprobe process (Linux, through prlimit); 0 = none */
  memoryLimitMb: number;
}

export const DEFAULT_MEDIA_LIMITS: Readonly<MediaLimits> = {
  maxDurationSeconds: 4 * 3600,
  maxFrameSide: 8192,
  // DCI 8K (8192×4320): the largest frame a camera or phone records today.
  maxFramePixels: 8192 * 4320,
  maxFrameRate: 120,
  runTimeoutSeconds: 300,
  // x264 with three renditions of a 1080p source reserves about 1.5 GB of address space.
  memoryLimitMb: 4096,
};

/** Even a slow machine transcodes the ladder at a quarter of real time; slower than that is a wedged run. */
const RUN_SECONDS_PER_MEDIA_SECOND = 4;

/** The wall time of an ffmpeg run that decodes `durationSeconds` of media. */
export const runTimeoutMs = (limits: MediaLimits, durationSeconds = 0): number =>
  (limits.runTimeoutSeconds +
    RUN_SECONDS_PER_MEDIA_SECOND * (Number.isFinite(durationSeconds) ? Math.max(0, durationSeconds) : 0)) *
  1000;

/**
 * Our own live recordings run as long as the broadcast did, and a clip decodes a minute whatever its
 * source's length: there the frame limits hold but the duration cap does not.
 */
export const withoutDurationCap = (limits: MediaLimits): MediaLimits => ({
  ...limits,
  maxDurationSeconds: Number.POSITIVE_INFINITY,
});

/** A limit was exceeded: the media is refused as too large (HTTP 413), not as broken. */
export class MediaLimitError extends Error {
  override name = 'MediaLimitError';
  constructor(
    message: string,
    /** which limit, as a stable code the uploader's language can name, with the bound it sets */
    readonly code: 'video_too_long' | 'frame_rate_too_high' | 'frame_too_large',
    readonly params: Record<string, number>,
  ) {
    super(message);
  }
}

/**
 * The only demuxers user bytes are opened with: containers that hold their media themselves. Each
 * is ffmpeg's demuxer name, which is also the first name of ffprobe's format_name. Playlists (hls,
 * dash), concat scripts, SDP files and image sequences open other files or URLs and are never here.
 * mpeg (program streams: camcorders, DVDs) and asf (WMV) are still common uploads.
 */
export const ALLOWED_DEMUXERS = ['mov', 'matroska', 'avi', 'mpegts', 'flv', 'mpeg', 'asf'] as const;
export type Demuxer = (typeof ALLOWED_DEMUXERS)[number];

/** The allowed demuxer ffprobe used for this format_name ("mov,mp4,m4a,3gp,3g2,mj2" → mov), else null. */
export function demuxerOf(formatName: string): Demuxer | null {
  const first = formatName.split(',')[0];
  return ALLOWED_DEMUXERS.find((d) => d === first) ?? null;
}

/** A file of user bytes and the demuxer its probe found: the only way the runners open media. */
export interface MediaInput {
  file: string;
  demuxer: Demuxer;
}

/**
 * Input options that open a file as itself: its demuxer forced (never guessed again from the bytes),
 * only the local file protocol (no http, data, concat, subfile…, so nothing can name another file
 * or URL), and decoders that refuse frames above the size limit. The `file:` prefix keeps a name
 * from ever being read as another protocol.
 */
export function fileInputArgs(input: MediaInput, limits: MediaLimits): string[] {
  return [...guardedInput('file', input.demuxer, limits), '-i', `file:${path.resolve(input.file)}`];
}

/** The still-picture demuxers a thumbnail upload is opened with, one per type its first bytes show. */
export const IMAGE_DEMUXERS = { jpeg: 'jpeg_pipe', png: 'png_pipe', webp: 'webp_pipe' } as const;
export type ImageType = keyof typeof IMAGE_DEMUXERS;

/** An uploaded picture opened as fileInputArgs opens a video: its demuxer forced, local file only, frame size capped. */
export function imageInputArgs(file: string, type: ImageType, limits: MediaLimits): string[] {
  return [...guardedInput('file', IMAGE_DEMUXERS[type], limits), '-i', `file:${path.resolve(file)}`];
}

/** The same for bytes arriving on stdin (live ingest): the pipe protocol only. */
export function pipeInputArgs(demuxer: Demuxer, limits: MediaLimits): string[] {
  return [...guardedInput('pipe', demuxer, limits), '-i', 'pipe:0'];
}

/**
 * For RTP a server process relays to ffmpeg on loopback (WHIP ingest): the session description it
 * wrote itself arrives on stdin, and only the pipe, UDP and RTP protocols may be opened. The
 * publisher's bytes are RTP payloads, never a description, so they cannot name a file or URL.
 */
export function sdpInputArgs(limits: MediaLimits): string[] {
  return [...guardedInput('pipe,udp,rtp', 'sdp', limits), '-i', 'pipe:0'];
}

function guardedInput(
  protocol: string,
  demuxer: Demuxer | (typeof IMAGE_DEMUXERS)[ImageType] | 'sdp',
  limits: MediaLimits,
): string[] {
  return [
    '-protocol_whitelist',
    protocol,
    '-format_whitelist',
    demuxer,
    '-f',
    demuxer,
    '-max_pixels',
    String(limits.maxFramePixels),
  ];
}
