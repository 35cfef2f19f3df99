import { runFfmpeg } from './ffmpeg.ts';

/** lavfi sources that need no input file, so tests, benchmarks and `npm run seed` make real videos offline. */
export const TEST_PATTERNS = ['testsrc2', 'smptehdbars', 'mandelbrot', 'life', 'cellauto', 'rgbtestsrc'] as const;
export type TestPattern = (typeof TEST_PATTERNS)[number];

export interface TestVideoOptions {
  seconds: number;
  width?: number;
  height?: number;
  /** A sine tone as an AAC track; default true. */
  withAudio?: boolean;
  pattern?: TestPattern;
  /** Tone frequency in Hz. */
  tone?: number;
  frameRate?: number;
}

/** A real H.264 (+ AAC) MP4, e.g. `generateTestVideo(file, { seconds: 4, width: 640, height: 360 })`. */
export async function generateTestVideo(output: string, opts: TestVideoOptions): Promise<void> {
  const {
    seconds,
    width = 640,
    height = 360,
    withAudio = true,
    pattern = 'testsrc2',
    tone = 440,
    frameRate = 25,
  } = opts;
  // Not every pattern takes a duration option (life, cellauto do not), so trim does the cut for all.
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${pattern}=size=${width}x${height}:rate=${frameRate},trim=duration=${seconds}`,
  ];
  if (withAudio) args.push('-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=48000:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(frameRate * 2));
  if (withAudio) args.push('-c:a', 'aac', '-b:a', '96k');
  // faststart puts the index up front, as a browser-made upload would have it.
  args.push('-movflags', '+faststart', '-t', String(seconds), output);
  await runFfmpeg(args);
}
