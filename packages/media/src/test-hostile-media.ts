import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';

/**
 * Files an attacker would upload, made in a fraction of a second, for the tests that keep each
 * attack refused. None of them is harmful to write: they only matter to whatever opens them.
 */

/** An HLS playlist (any file name) whose only segment is `target`, a file elsewhere on the host. */
export async function writeLocalFilePlaylist(output: string, target: string): Promise<void> {
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:10',
    '#EXTINF:10.0,',
    `file://${path.resolve(target)}`,
    '#EXT-X-ENDLIST',
    '',
  ];
  await fs.writeFile(output, playlist.join('\n'));
}

/** An ffconcat script that would splice `targets` (files elsewhere on the host) into one video. */
export async function writeConcatScript(output: string, targets: string[]): Promise<void> {
  await fs.writeFile(
    output,
    ['ffconcat version 1.0', ...targets.map((t) => `file '${path.resolve(t)}'`), ''].join('\n'),
  );
}

/**
 * A decompression bomb by declaration: a two-frame raw-video AVI whose headers claim `width`×`height`
 * frames. Raw video takes its frame size from the container alone, so the probe sees the claim.
 */
export async function writeForgedFrameSizeAvi(output: string, width: number, height: number): Promise<void> {
  await runFfmpeg([
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=black:s=16x16:r=1:d=2',
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'avi',
    output,
  ]);
  const avi = await fs.readFile(output);
  // 'avih' then its size, then dwWidth/dwHeight 32 bytes into the main header.
  const main = avi.indexOf('avih') + 8;
  avi.writeUInt32LE(width, main + 32);
  avi.writeUInt32LE(height, main + 36);
  // 'strf' then its size, then the BITMAPINFOHEADER: biSize, biWidth, biHeight.
  const format = avi.indexOf('strf') + 8;
  avi.writeInt32LE(width, format + 4);
  avi.writeInt32LE(height, format + 8);
  await fs.writeFile(output, avi);
}

/**
 * A real H.264 MP4 of black that lasts `seconds` (ten hours is fine): one frame a minute of 16×16
 * pixels encodes in well under a second.
 */
export async function generateLongBlackVideo(output: string, seconds: number): Promise<void> {
  await runFfmpeg([
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=16x16:r=1/60:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    output,
  ]);
}
