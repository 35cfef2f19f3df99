/**
 * WHEP viewers in a process of their own (werift peers, as TestViewer plays a browser), driven by
 * the webrtc-capacity scenario over stdin/stdout, one JSON object a line:
 *   {"add": n}  → opens n more viewers, each from its own loopback address (127.0.x.y, as distinct
 *                 clients: the server's per-address caps and rate limits apply to each as to a
 *                 person), and answers {"viewers", "failed", "error"} once they receive video;
 *   {"reset"}   → starts a new counting window, answers {};
 *   {"stats"}   → answers the window's packets and frames received and expected over all viewers,
 *                 the worst and best viewer's loss (alike when the packets were lost before the fan-out), and this process's CPU share of one core.
 * Loss is read from RTP sequence numbers, which the server keeps from the transcode (with an offset
 * per viewer): a gap is a packet lost anywhere from ffmpeg to the viewer.
 * Usage: tsx whep-viewers.ts BASE_URL STREAM_ID FRAME_RATE
 */
import http from 'node:http';
import readline from 'node:readline';
import type { RtpPacket } from 'werift';
import { TestViewer } from '../../../apps/server/src/live/webrtc/test-viewer.ts';

const [baseUrl = '', streamId = '', frameRateArg = '30'] = process.argv.slice(2);
const frameRate = Number(frameRateArg);
const VIDEO_CLOCK = 90_000;
const CONNECT_MS = 30_000;

class Window {
  private lastSeq: number | undefined;
  private readonly seqs = new Set<number>();
  private readonly frames = new Set<number>();
  private firstFrameTs: number | undefined;
  private lastFrameOffset = 0;

  take(packet: RtpPacket): void {
    const { sequenceNumber, timestamp, marker } = packet.header;
    // extend the 16-bit sequence number past its wrap
    const ext =
      this.lastSeq === undefined
        ? sequenceNumber
        : this.lastSeq + ((((sequenceNumber - (this.lastSeq & 0xffff) + 0x8000) & 0xffff) - 0x8000) | 0);
    this.lastSeq = Math.max(this.lastSeq ?? ext, ext);
    this.seqs.add(ext);
    if (!marker) return;
    this.firstFrameTs ??= timestamp;
    const offset = (timestamp - this.firstFrameTs) >>> 0;
    if (offset < 2 ** 31) {
      this.frames.add(offset);
      this.lastFrameOffset = Math.max(this.lastFrameOffset, offset);
    }
  }

  read() {
    const seqs = [...this.seqs];
    const expected = seqs.length ? Math.max(...seqs) - Math.min(...seqs) + 1 : 0;
    const framesExpected = this.frames.size ? Math.round((this.lastFrameOffset / VIDEO_CLOCK) * frameRate) + 1 : 0;
    return { received: seqs.length, expected, framesReceived: this.frames.size, framesExpected };
  }

  reset(): void {
    this.seqs.clear();
    this.frames.clear();
    this.firstFrameTs = undefined;
    this.lastFrameOffset = 0;
  }
}

interface Watcher {
  viewer: TestViewer;
  window: Window;
}
const watchers: Watcher[] = [];

/** POSTs the offer from `localAddress`; the answer's SDP. */
function postOffer(offer: string, localAddress: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/api/streams/${streamId}/whep`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/sdp' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () =>
          res.statusCode === 201 ? resolve(body) : reject(new Error(`HTTP ${res.statusCode}: ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(offer);
  });
}

async function addViewer(n: number): Promise<void> {
  const { viewer, offer } = await TestViewer.offer();
  const window = new Window();
  let receiving: () => void = () => undefined;
  const gotVideo = new Promise<void>((resolve) => (receiving = resolve));
  viewer.pc.onTrack.subscribe((track) => {
    if (track.kind !== 'video') return;
    track.onReceiveRtp.subscribe((packet) => {
      window.take(packet);
      receiving();
    });
  });
  watchers.push({ viewer, window });
  await viewer.accept(await postOffer(offer, `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    gotVideo,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no video within 30 s')), CONNECT_MS))),
  ]).finally(() => clearTimeout(timer));
}

let cpuMark = process.cpuUsage();
let wallMark = performance.now();

async function handle(command: { add?: number; reset?: true; stats?: true }): Promise<object> {
  if (command.add) {
    const start = watchers.length;
    const results = await Promise.allSettled(Array.from({ length: command.add }, (_, i) => addViewer(start + i)));
    const failures = results.filter((r) => r.status === 'rejected');
    return {
      viewers: watchers.length,
      failed: failures.length,
      error: failures.length ? String((failures[0] as PromiseRejectedResult).reason) : undefined,
    };
  }
  if (command.reset) {
    for (const w of watchers) w.window.reset();
    cpuMark = process.cpuUsage();
    wallMark = performance.now();
    return {};
  }
  const reads = watchers.map((w) => w.window.read());
  const sum = (key: keyof (typeof reads)[number]) => reads.reduce((s, r) => s + r[key], 0);
  const cpu = process.cpuUsage(cpuMark);
  const losses = reads.map((r) => (r.expected ? 1 - r.received / r.expected : 1));
  return {
    received: sum('received'),
    expected: sum('expected'),
    framesReceived: sum('framesReceived'),
    framesExpected: sum('framesExpected'),
    worstLoss: Math.max(0, ...losses),
    bestLoss: Math.min(1, ...losses),
    cpu: (cpu.user + cpu.system) / 1000 / (performance.now() - wallMark),
  };
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  void handle(JSON.parse(line) as Parameters<typeof handle>[0]).then(
    (answer) => process.stdout.write(`${JSON.stringify(answer)}\n`),
    (err: unknown) => process.stdout.write(`${JSON.stringify({ error: String(err) })}\n`),
  );
});
lines.on('close', () => {
  void Promise.allSettled(watchers.map((w) => w.viewer.close())).then(() => process.exit(0));
});
