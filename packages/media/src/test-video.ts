import { run } from './ffmpeg.ts';

export const TEST_PATTERNS = ['testsrc2', 'smptehdbars', 'mandelbrot', 'life', 'cellauto', 'rgbtestsrc'] as const;
export type TestPattern = (typeof TEST_PATTERNS)[number];

export interface TestVideoOptions {
  seconds: number;
  pattern?: TestPattern;
  /** tone frequency in Hz */
  tone?: number;
  width?: number;
  height?: number;
  withAudio?: boolean;
}

/** A real H.264/AAC MP4 made from ffmpeg's test patterns: for tests, benchmarks and demo content. */
export async function generateTestVideo(output: string, opts: TestVideoOptions): Promise<void> {
  const { seconds, width = 640, height = 360, withAudio = true, pattern = 'testsrc2', tone = 440 } = opts;
  const args = ['-hide_banner', '-y', '-f', 'lavfi', '-i', `${pattern}=size=${width}x${height}:rate=25,trim=duration=${seconds}`];
  if (withAudio) args.push('-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=48000:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50');
  if (withAudio) args.push('-c:a', 'aac', '-b:a', '96k');
  args.push('-movflags', '+faststart', '-shortest', output);
  await run('ffmpeg', args);
}
