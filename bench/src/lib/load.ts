import autocannon from 'autocannon';

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
