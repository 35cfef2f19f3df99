import { run } from './ffmpeg.ts';

export interface TestVideoOptions {
  seconds: number;
  width?: number;
  height?: number;
  withAudio?: boolean;
}

/** A real H.264/AAC MP4 made from ffmpeg's test patterns: for tests, benchmarks and demo content. */
export async function generateTestVideo(output: string, opts: TestVideoOptions): Promise<void> {
  const { seconds, width = 640, height = 360, withAudio = true } = opts;
  const args = ['-hide_banner', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`];
  if (withAudio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50');
  if (withAudio) args.push('-c:a', 'aac', '-b:a', '96k');
  args.push('-movflags', '+faststart', '-shortest', output);
  await run('ffmpeg', args);
}
