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
  return Number.parseFloat(
    await runFfprobe(['-v', 'error', '-show_entries', 'format=start_time', '-of', 'csv=p=0', file]),
  );
}

interface Listing {
  /** ms from a segment's first frame leaving the publisher to the segment being listed */
  latencies: number[];
  durations: number[];
}

/**
 * Polls a live playlist every 20 ms until `done`, noting when each segment appears and the stream
 * time of its first frame: latency = appearance − (t0 + t).
 */
async function watchListing(base: string, t0: number, isDone: () => boolean, scratch: string): Promise<Listing> {
  const seen = new Set<string>();
  const listing: Listing = { latencies: [], durations: [] };
  let firstStart: number | null = null;
  while (!isDone()) {
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
        listing.latencies.push(now - (t0 + (start - firstStart) * 1000));
        listing.durations.push(duration);
      }
    } else {
      await r?.body?.cancel();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  fs.rmSync(scratch, { force: true });
  return listing;
}

/**
 * Glass-to-glass latency at segment availability. ffmpeg publishes a 720p test pattern over RTMP in
 * real time (-re), so the frame at stream time t leaves the publisher at T0 + t, T0 being when the
 * publisher was started (its own start-up is counted against us). With PostgreSQL and Redis, a second
 * server process with a disk of its own is watched at the same time: it relays the playlist and
 * segments from the ingest process, as when a load balancer sends a viewer elsewhere.
 */
export const liveLatencyScenario: Scenario = {
  name: 'live',
  description: `live latency: RTMP test pattern → HLS playlist, ${SECONDS} s (server in its own process)`,
  async run(): Promise<Figure[]> {
    const settings = { LOG_LEVEL: 'error', NODE_ENV: 'production', JOBS_WORKER: 'false', LIVE_GRACE_SECONDS: '1' };
    const server = await startServer(settings);
    const stop = closeOnExit(() => server.stop());
    // several processes share one database only on PostgreSQL (SQLite is the one-process deployment)
    const relaying = process.env.REDIS_URL && process.env.DATABASE_URL;
    const joinWithOwnDisk = Object.fromEntries(Object.entries(server.joinEnv).filter(([name]) => name !== 'DATA_DIR'));
    const other = relaying ? await startServer({ ...joinWithOwnDisk, ...settings, RTMP_ENABLED: 'false' }) : null;
    const stopOther = closeOnExit(async () => other?.stop());
    try {
      const { token } = await signUp(server.url, 'bench-live@example.com');
      const res = await fetch(`${server.url}/api/streams/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Latency' }),
      });
      const created = (await res.json()) as { stream_id: string; stream_key: string; rtmp_url: string };
      const t0 = Date.now();
      const publisher = await publishTestPattern(
        `${created.rtmp_url.replace('localhost', '127.0.0.1')}/${created.stream_key}`,
        {
          seconds: SECONDS,
          width: 1280,
          height: 720,
          frameRate: 30,
          preset: 'veryfast',
        },
      );
      let done = false;
      void publisher.exited.then(() => (done = true));
      const scratch = (name: string) => path.join(os.tmpdir(), `tarang-bench-seg-${process.pid}-${name}.ts`);
      const mediaPath = `/media/live/${created.stream_id}/`;
      const [direct, relayed] = await Promise.all([
        watchListing(server.url + mediaPath, t0, () => done, scratch('direct')),
        other ? watchListing(other.url + mediaPath, t0, () => done, scratch('relayed')) : null,
      ]);
      if (direct.latencies.length === 0) throw new Error('no live segment appeared');
      const segment = direct.durations.reduce((s, d) => s + d, 0) / direct.durations.length;
      const p50 = quantile(direct.latencies, 0.5);
      const figures: Figure[] = [
        {
          metric: 'first frame → segment listed',
          value: p50 / 1000,
          unit: 's',
          latency: { p50Ms: p50, p99Ms: quantile(direct.latencies, 0.99) },
          note: `${direct.latencies.length} segments of ${segment.toFixed(2)} s`,
        },
        {
          metric: 'glass-to-glass with hls.js',
          value: (p50 + PLAYER_HOLD_SEGMENTS * segment * 1000 - segment * 1000) / 1000,
          unit: 's',
          target: {
            max: 4,
            what: `listed latency + ${PLAYER_HOLD_SEGMENTS} segments held by the player − the segment's own length`,
          },
        },
      ];
      if (relayed && relayed.latencies.length > 0) {
        const relayedP50 = quantile(relayed.latencies, 0.5);
        figures.push({
          metric: 'listed on another process',
          value: relayedP50 / 1000,
          unit: 's',
          latency: { p50Ms: relayedP50, p99Ms: quantile(relayed.latencies, 0.99) },
          note: `relayed from the ingest process over HTTP; ${relayed.latencies.length} segments`,
        });
      } else {
        figures.push({
          metric: 'listed on another process',
          value: 0,
          unit: 's',
          note: relayed ? 'no segment was relayed' : 'skipped: set DATABASE_URL and REDIS_URL to measure',
        });
      }
      return figures;
    } finally {
      await stopOther();
      await stop();
    }
  },
};
