import { run } from './ffmpeg.ts';

export class NotAVideoError extends Error {}

export interface MediaInfo {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  formatName: string;
}

interface ProbeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string; nb_frames?: string; disposition?: { attached_pic?: number } }>;
}

// ffprobe reads a single picture as a one-frame "video": these containers are images, not videos.
const IMAGE_FORMATS = /(^|,)(image2|png_pipe|jpeg_pipe|webp_pipe|gif|bmp_pipe|tiff_pipe|svg_pipe|apng)(,|$)/;

/** What the bytes really are; throws NotAVideoError for anything that is not a playable video. */
export async function probe(file: string, signal?: AbortSignal): Promise<MediaInfo> {
  let out: ProbeOutput;
  try {
    out = JSON.parse(await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal })) as ProbeOutput;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NotAVideoError('ffprobe could not read the file');
  }
  const formatName = out.format?.format_name ?? '';
  const video = out.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = out.streams?.find((s) => s.codec_type === 'audio');
  const duration = Number(out.format?.duration ?? video?.duration ?? NaN);
  if (!video || IMAGE_FORMATS.test(formatName) || !video.width || !video.height || !(duration > 0)) {
    throw new NotAVideoError('The file has no video stream');
  }
  return {
    durationSeconds: duration,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    formatName,
  };
}
