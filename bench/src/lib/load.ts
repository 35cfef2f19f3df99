import autocannon from 'autocannon';
import type { Figure } from '../scenarios/scenario.ts';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export const benchSeconds = (): number => Number(process.env.BENCH_DURATION ?? 10);

/** autocannon on loopback: 50 connections for BENCH_DURATION seconds (default 10). */
export async function measure(url: string, headers: Record<string, string> = {}, connections = 50): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections, duration: benchSeconds() });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A load result as figures: throughput against the hello-world ceiling, and its latency. */
export function loadFigure(metric: string, result: LoadResult, ceiling: LoadResult): Figure[] {
  const failed = result.errors + result.non2xx;
  return [
    { metric, value: result.requestsPerSecond, unit: 'req/s', ceiling: { value: ceiling.requestsPerSecond, what: 'bare Fastify hello-world' }, note: failed ? `${failed} failed requests` : undefined },
    { metric: `${metric.split(' ')[0]} latency p50/p99`, value: result.p50Ms, unit: `ms (p99 ${result.p99Ms} ms)` },
  ];
}
