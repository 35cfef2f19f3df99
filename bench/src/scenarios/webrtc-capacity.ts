import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { closeOnExit } from '../lib/cleanup.ts';
import { withBenchServer } from '../lib/server.ts';
import { signUp } from '../lib/seed.ts';
import { FRAME_RATE, publishTimeCode } from '../lib/time-code.ts';
import type { Figure, Scenario } from './scenario.ts';

/** viewer counts tried in turn, up to the server's default cap of WebRTC viewers per stream */
const STEPS = [1, 5, 10, 20, 30, 40, 60, 80, 100, 150, 200];
const SETTLE_MS = 2_000;
const MEASURE_MS = 8_000;
/** the step fails above this share of packets lost (worst viewer) */
const MAX_LOSS = 0.01;
/** a process at this share of one core is saturated: more viewers would only queue */
const SATURATED = 0.95;
const CLOCK_TICKS = 100;

interface Stats {
  received: number;
  expected: number;
  framesReceived: number;
  framesExpected: number;
  worstLoss: number;
  bestLoss: number;
  cpu: number;
}

/** CPU seconds a process has used (user + system), read from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** UDP datagrams the kernel dropped so far because a socket's receive buffer was full (the whole machine's count). */
function udpBufferDrops(): number {
  const [names, values] = fs
    .readFileSync('/proc/net/snmp', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('Udp:'))
    .map((line) => line.split(/\s+/));
  return Number(values![names!.indexOf('RcvbufErrors')]);
}

/** The viewers' process (lib/whep-viewers.ts), with a call that sends one command and reads its answer. */
function startViewers(baseUrl: string, streamId: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, '../lib/whep-viewers.ts'),
      baseUrl,
      streamId,
      String(FRAME_RATE),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const answers = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ask = async <T>(command: object): Promise<T> => {
    child.stdin.write(`${JSON.stringify(command)}\n`);
    const { value, done } = await answers.next();
    if (done) throw new Error(`the viewers' process exited with ${child.exitCode}`);
    return JSON.parse(value as string) as T;
  };
  const stop = closeOnExit(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  });
  return { ask, stop };
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * How many WebRTC (WHEP) viewers one server process serves a 720p stream to before frames drop
 * (issue #21 item 4). The time-coded publisher sends 720p at 3 Mb/s over RTMP; werift viewers in a
 * process of their own join in steps, and each step is counted for MEASURE_MS: packets received vs
 * sent (from the RTP sequence numbers), frames complete vs frames sent (from the RTP clock: the live
 * transcode sends a constant 30 frames a second), and the
 * CPU of the server process and of the viewers' process. The ramp stops at the first step where a
 * viewer loses more than 1 % of its packets, or either process saturates a core.
 */
export const webrtcCapacityScenario: Scenario = {
  name: 'webrtc-capacity',
  description: 'WebRTC viewers of one 720p stream that one server process serves before packets drop',
  async run(): Promise<Figure[]> {
    return withBenchServer(async (server) => {
      const { token } = await signUp(server.url, 'bench-capacity@example.com');
      const res = await fetch(`${server.url}/api/streams/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Capacity' }),
      });
      const created = (await res.json()) as { stream_id: string; stream_key: string; rtmp_url: string };
      const publisher = await publishTimeCode(
        `${created.rtmp_url.replace('localhost', '127.0.0.1')}/${created.stream_key}`,
        { noise: true },
      );
      const viewers = startViewers(server.url, created.stream_id);
      try {
        const deadline = Date.now() + 30_000;
        while (
          !((await (await fetch(`${server.url}/api/streams/${created.stream_id}`)).json()) as { hls_url: unknown })
            .hls_url
        ) {
          if (Date.now() > deadline) throw new Error('the stream did not go on air');
          await new Promise((r) => setTimeout(r, 250));
        }
        const figures: Figure[] = [];
        let served = 0;
        let connected = 0;
        let stoppedBy = `the server's cap of ${STEPS.at(-1)} WebRTC viewers per stream`;
        for (const step of STEPS) {
          const added = await viewers.ask<{ viewers: number; failed: number; error?: string }>({
            add: step - connected,
          });
          connected = added.viewers;
          if (added.failed) {
            stoppedBy = `${added.failed} of the viewers added to reach ${step} did not get video (${added.error})`;
            break;
          }
          await new Promise((r) => setTimeout(r, SETTLE_MS));
          await viewers.ask({ reset: true });
          const serverCpuBefore = cpuSeconds(server.pid);
          const dropsBefore = udpBufferDrops();
          const wallBefore = performance.now();
          await new Promise((r) => setTimeout(r, MEASURE_MS));
          const stats = await viewers.ask<Stats>({ stats: true });
          const drops = udpBufferDrops() - dropsBefore;
          const serverCpu = (cpuSeconds(server.pid) - serverCpuBefore) / ((performance.now() - wallBefore) / 1000);
          const loss = stats.expected ? 1 - stats.received / stats.expected : 1;
          const framesLost = stats.framesExpected ? 1 - stats.framesReceived / stats.framesExpected : 1;
          figures.push({
            metric: `${step} viewers: packets lost`,
            value: loss * 100,
            unit: '%',
            note:
              `viewers lost ${percent(stats.bestLoss)} to ${percent(stats.worstLoss)}; frames ${stats.framesReceived}/${stats.framesExpected} ` +
              `(${percent(Math.max(0, framesLost))} missing); server CPU ${percent(serverCpu)} of a core, ` +
              `viewers' process ${percent(stats.cpu)}; ${drops} datagrams dropped by full socket buffers; ` +
              `load average ${os.loadavg()[0]!.toFixed(1)}`,
          });
          if (stats.worstLoss > MAX_LOSS) {
            stoppedBy = `a viewer lost ${percent(stats.worstLoss)} of its packets at ${step}`;
            break;
          }
          served = step;
          if (serverCpu >= SATURATED || stats.cpu >= SATURATED) {
            stoppedBy = `${serverCpu >= SATURATED ? 'the server' : "the viewers' process"} saturated a core at ${step}`;
            break;
          }
        }
        figures.push({
          metric: 'WebRTC viewers served, 720p',
          value: served,
          unit: 'viewers',
          note: `largest step with every viewer under ${percent(MAX_LOSS)} loss; stopped by ${stoppedBy}`,
        });
        return figures;
      } finally {
        await viewers.stop();
        publisher.stop();
      }
    });
  },
};
