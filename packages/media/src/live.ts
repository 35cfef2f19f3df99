import { pipeInputArgs, type MediaLimits } from './limits.ts';

/** File names a live transcode writes inside its own folder (ffmpeg runs with that folder as cwd). */
export const LIVE_PLAYLIST = 'index.m3u8';
export const LIVE_SEGMENT_PATTERN = 'seg-%06d.ts';

export interface LiveHlsOptions {
  /** what arrives on stdin: FLV from the RTMP listener, or WebM/Matroska from a browser's MediaRecorder */
  inputFormat: 'flv' | 'webm';
  /** segment length in seconds: 1 keeps glass-to-glass latency near 3 s with standard players */
  segmentSeconds: number;
  /** segments listed in the live playlist */
  listSize: number;
  /** the MPEG-TS file the whole session is recorded into, next to the playlist */
  recordingFile: string;
  /** renditions are capped at this height (never upscaled) */
  maxHeight: number;
  /** the publisher's frames are refused above this size */
  limits: MediaLimits;
}

/**
 * One ffmpeg run for a live session: reads stdin, encodes once for low latency (x264 zerolatency,
 * a keyframe every segment) and writes, through the tee muxer, both the live HLS playlist and the
 * recording. Restarting after an interruption appends to the same playlist.
 */
export function liveHlsArgs(o: LiveHlsOptions): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  if (o.inputFormat === 'webm') args.push('-fflags', '+genpts');
  // Forced demuxer and the pipe protocol only: a publisher's bytes can never name another file or URL.
  args.push(...pipeInputArgs(o.inputFormat === 'flv' ? 'flv' : 'matroska', o.limits));
  args.push('-map', '0:v:0', '-map', '0:a:0?');
  args.push(
    '-vf',
    `scale=-2:trunc(min(ih\\,${o.maxHeight})/2)*2,format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'high',
    '-crf',
    '23',
    '-maxrate',
    '3000k',
    '-bufsize',
    '3000k',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${o.segmentSeconds})`,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-ar',
    '48000',
  );
  const hls = [
    'f=hls',
    `hls_time=${o.segmentSeconds}`,
    `hls_list_size=${o.listSize}`,
    'hls_delete_threshold=6',
    'hls_flags=independent_segments+delete_segments+append_list+omit_endlist+temp_file',
    `hls_segment_filename=${LIVE_SEGMENT_PATTERN}`,
  ].join(':');
  args.push('-f', 'tee', `[${hls}]${LIVE_PLAYLIST}|[f=mpegts]${o.recordingFile}`);
  return args;
}
