import { run, type RunOptions } from './ffmpeg.ts';

/** A frame a tenth of the way in (at most 5 s): past black intros, early enough to be representative. */
export const thumbnailTime = (durationSeconds: number): number => Math.min(5, Math.max(0, durationSeconds * 0.1));

export function thumbnailArgs(input: string, output: string, atSeconds: number): string[] {
  return ['-hide_banner', '-y', '-ss', atSeconds.toFixed(3), '-i', input, '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '3', '-f', 'image2', output];
}

export async function extractThumbnail(input: string, output: string, opts: RunOptions & { durationSeconds: number }): Promise<void> {
  await run('ffmpeg', thumbnailArgs(input, output, thumbnailTime(opts.durationSeconds)), { signal: opts.signal });
}
