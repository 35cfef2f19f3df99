import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishTestPattern, runFfprobe } from '@app/media';
import { startServer } from '../../../apps/e2e/support/server.ts';
import { closeOnExit } from '../lib/cleanup.ts';
import { signUp } from '../lib/seed.ts';
import type { Figure, Scenario } from './scenario.ts';

const SECONDS = 30;
/** hls.js keeps this many target durations behind the live edge (liveSyncDurationCount in the player) */
const PLAYER_HOLD_SEGMENTS = 2;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
};

/** Start time (s) of a segment's first packet, read by ffprobe. */
async function segmentStart(url: string, file: string): Promise<number> {
  fs.writeFileSync(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  return Number.parseFloat(await runFfprobe(['-v', 'error', '-show_entries', 'format=start_time', '-of', 'csv=p=0', file]));
}

/**
 * Glass-to-glass latency at segment availability. ffmpeg publishes a 720p test pattern over RTMP in
 * real time (-re), so the frame at stream time t leaves the publisher at T0 + t, T0 being when the
 * publisher was started (its own start-up is counted against us). The bench polls the live playlist
 * every 20 ms, notes when each segment appears, and reads the stream time of its first frame:
 * latency = appearance − (T0 + t).
 */
export const liveLatencyScenario: Scenario = {
  name: 'live',
  description: `live latency: RTMP test pattern → HLS playlist, ${SECONDS} s (server in its own process)`,
  async run(): Promise<Figure[]> {
    const server = await startServer({ LOG_LEVEL: 'error', NODE_ENV: 'production', JOBS_WORKER: 'false', LIVE_GRACE_SECONDS: '1' });
    const stop = closeOnExit(() => server.stop());
    try {
      const { token } = await signUp(server.url, 'bench-live@example.com');
      const res = await fetch(`${server.url}/api/streams/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Latency' }),
      });
      const created = (await res.json()) as { stream_id: string; stream_key: string; rtmp_url: string };
      const t0 = Date.now();
      const publisher = await publishTestPattern(`${created.rtmp_url.replace('localhost', '127.0.0.1')}/${created.stream_key}`, {
        seconds: SECONDS,
        width: 1280,
        height: 720,
        frameRate: 30,
        preset: 'veryfast',
      });
      const published = publisher.exited;

      const seen = new Set<string>();
      const latencies: number[] = [];
      const durations: number[] = [];
      const base = `${server.url}/media/live/${created.stream_id}/`;
      const scratch = path.join(os.tmpdir(), `tarang-bench-seg-${process.pid}.ts`);
      let firstStart: number | null = null;
      let done = false;
      void published.then(() => (done = true));
      while (!done) {
        const r = await fetch(`${base}index.m3u8`).catch(() => null);
        const now = Date.now();
        if (r?.ok) {
          let duration = 0;
          for (const line of (await r.text()).split('\n')) {
            if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
            if (!line.endsWith('.ts') || seen.has(line)) continue;
            seen.add(line);
            const start = await segmentStart(base + line, scratch);
            firstStart ??= start; // the first segment starts at stream time 0
            latencies.push(now - (t0 + (start - firstStart) * 1000));
            durations.push(duration);
          }
        } else {
          await r?.body?.cancel();
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      fs.rmSync(scratch, { force: true });
      if (latencies.length === 0) throw new Error('no live segment appeared');
      const segment = durations.reduce((s, d) => s + d, 0) / durations.length;
      const p50 = quantile(latencies, 0.5);
      return [
        {
          metric: 'first frame → segment listed',
          value: p50 / 1000,
          unit: 's',
          latency: { p50Ms: p50, p99Ms: quantile(latencies, 0.99) },
          note: `${latencies.length} segments of ${segment.toFixed(2)} s`,
        },
        {
          metric: 'glass-to-glass with hls.js',
          value: (p50 + PLAYER_HOLD_SEGMENTS * segment * 1000 - segment * 1000) / 1000,
          unit: 's',
          target: { max: 4, what: `listed latency + ${PLAYER_HOLD_SEGMENTS} segments held by the player − the segment's own length` },
        },
      ];
    } finally {
      await stop();
    }
  },
};
