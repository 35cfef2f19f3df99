import autocannon from 'autocannon';
import type { Figure } from '../scenarios/scenario.ts';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** connection errors, timeouts and non-2xx answers */
  failures: number;
}

export const CONNECTIONS = 50;

export function benchSeconds(): number {
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`BENCH_DURATION must be a positive number of seconds, not "${process.env.BENCH_DURATION}"`);
  return seconds;
}

/**
 * autocannon on loopback, CONNECTIONS connections for BENCH_DURATION seconds (default 10) unless told. It runs
 * in a worker thread so the event loop being measured serves requests and nothing else.
 */
export async function measure(
  url: string,
  headers: Record<string, string> = {},
  seconds = benchSeconds(),
): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, workers: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** A scenario's throughput against the ceiling, plus the ceiling's own row for its latency. */
export function loadFigures(
  result: LoadResult,
  ceiling: LoadResult & { what: string },
  targets: { minRatio?: number; p99MaxMs?: number; metric?: string } = {},
): Figure[] {
  const row = (r: LoadResult) => ({
    value: r.requestsPerSecond,
    unit: 'req/s',
    latency: { p50Ms: r.p50Ms, p99Ms: r.p99Ms },
    failures: r.failures,
  });
  return [
    {
      metric: targets.metric ?? 'req/s',
      ...row(result),
      ceiling: { value: ceiling.requestsPerSecond, what: ceiling.what, minRatio: targets.minRatio },
      p99MaxMs: targets.p99MaxMs,
    },
    { metric: `ceiling: ${ceiling.what}`, ...row(ceiling) },
  ];
}
