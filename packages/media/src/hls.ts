import fs from 'node:fs/promises';
import path from 'node:path';
import { run, type RunOptions } from './ffmpeg.ts';

export interface Rendition {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

const LADDER: Rendition[] = [
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2800, audioKbps: 128 },
  { name: '1080p', height: 1080, videoKbps: 5000, audioKbps: 160 },
];

/** Renditions up to the source's height, never upscaled; a source under 360p gets one at its own height. */
export function renditionLadder(sourceHeight: number): Rendition[] {
  const fitting = LADDER.filter((r) => r.height <= sourceHeight);
  if (fitting.length > 0) return fitting;
  const height = Math.max(2, sourceHeight - (sourceHeight % 2));
  return [{ ...LADDER[0]!, name: `${height}p`, height }];
}

export interface HlsOptions {
  segmentSeconds?: number;
  hasAudio: boolean;
  frameRate?: number;
}

/**
 * One ffmpeg run that scales the source to every rendition and writes a VOD HLS set:
 * `master.m3u8` plus `<name>/index.m3u8` and `<name>/seg_00000.ts`…, with keyframes forced on
 * segment boundaries so every rendition switches cleanly.
 */
export function hlsVodArgs(input: string, outDir: string, ladder: Rendition[], opts: HlsOptions): string[] {
  const seg = opts.segmentSeconds ?? 2;
  const split = `[0:v]split=${ladder.length}${ladder.map((_, i) => `[v${i}]`).join('')}`;
  const scales = ladder.map((r, i) => `[v${i}]scale=-2:${r.height}:flags=bicubic,format=yuv420p[v${i}out]`);
  const args = ['-hide_banner', '-y', '-i', input, '-filter_complex', [split, ...scales].join(';')];
  ladder.forEach((r, i) => {
    args.push('-map', `[v${i}out]`);
    args.push(`-c:v:${i}`, 'libx264', `-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.07)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
    if (opts.hasAudio) args.push('-map', '0:a:0', `-c:a:${i}`, 'aac', `-b:a:${i}`, `${r.audioKbps}k`, '-ac', '2');
  });
  args.push(
    '-preset', 'veryfast',
    '-profile:v', 'main',
    '-sc_threshold', '0',
    '-force_key_frames', `expr:gte(t,n_forced*${seg})`,
    '-f', 'hls',
    '-hls_time', String(seg),
    '-hls_playlist_type', 'vod',
    '-hls_flags', 'independent_segments',
    '-hls_segment_filename', path.join(outDir, '%v', 'seg_%05d.ts'),
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', ladder.map((r, i) => (opts.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(' '),
    path.join(outDir, '%v', 'index.m3u8'),
  );
  return args;
}

export async function transcodeToHls(input: string, outDir: string, ladder: Rendition[], opts: HlsOptions & RunOptions): Promise<void> {
  await fs.mkdir(outDir, { recursive: true });
  await run('ffmpeg', hlsVodArgs(input, outDir, ladder, opts), opts);
}
