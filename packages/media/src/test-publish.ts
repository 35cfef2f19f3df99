import { spawn } from 'node:child_process';
import { locate } from './ffmpeg.ts';

export interface TestPublishOptions {
  seconds: number;
  width?: number;
  height?: number;
  frameRate?: number;
  /** x264 preset: ultrafast for tests on a busy machine, veryfast for a broadcaster-like stream */
  preset?: 'ultrafast' | 'veryfast';
}

export interface TestPublisher {
  /** resolves when ffmpeg exits: 0 once all was sent, non-zero when the server refused or cut it */
  exited: Promise<{ code: number | null; stderr: string }>;
  stop(): void;
}

/**
 * What OBS does, offline: ffmpeg publishes a generated test pattern with a tone over RTMP in real
 * time (`-re`), with a keyframe every second. For tests and benchmarks of live ingest.
 */
export async function publishTestPattern(rtmpUrl: string, o: TestPublishOptions): Promise<TestPublisher> {
  const { seconds, width = 640, height = 360, frameRate = 25, preset = 'ultrafast' } = o;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${frameRate}:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-tune',
    'zerolatency',
    '-g',
    String(frameRate),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'flv',
    rtmpUrl,
  ];
  return spawnPublisher(args);
}

/**
 * What a browser's camera sends over WebRTC, offline: ffmpeg sends a generated test pattern as
 * constrained-baseline H.264 RTP and a tone as Opus RTP to two local UDP ports in real time, with a
 * keyframe every second. A test's WebRTC peer reads those ports and sends the packets on.
 */
export async function sendTestPatternRtp(
  ports: { videoPort: number; audioPort: number },
  o: { seconds: number },
): Promise<TestPublisher> {
  const rate = 25;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=${rate}:duration=${o.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${o.seconds}`,
    '-map',
    '0:v',
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-g',
    String(rate),
    '-pix_fmt',
    'yuv420p',
    // in-band SPS and PPS before each keyframe, as browsers send them (no out-of-band SDP here)
    '-bsf:v',
    'dump_extra=freq=keyframe',
    '-f',
    'rtp',
    '-payload_type',
    '102',
    `rtp://127.0.0.1:${ports.videoPort}?pkt_size=1200`,
    '-map',
    '1:a',
    '-c:a',
    'libopus',
    '-f',
    'rtp',
    '-payload_type',
    '109',
    `rtp://127.0.0.1:${ports.audioPort}`,
  ];
  return spawnPublisher(args);
}

async function spawnPublisher(args: string[]): Promise<TestPublisher> {
  const child = spawn(await locate('ffmpeg'), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
  return { exited, stop: () => child.kill('SIGTERM') };
}
