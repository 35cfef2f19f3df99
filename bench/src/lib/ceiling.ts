import { startChildServer } from './child-server.ts';
import { benchSeconds, measure, type LoadResult } from './load.ts';

/** Rounds of (route, ceiling) in `inTurns`. */
const ROUNDS = 3;

/** Several measurements as one: mean throughput, the median p50, the worst p99, every failure. */
function pooled(results: LoadResult[]): LoadResult {
  const mean = (f: (r: LoadResult) => number) => results.reduce((sum, r) => sum + f(r), 0) / results.length;
  const p50s = results.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    requestsPerSecond: mean((r) => r.requestsPerSecond),
    p50Ms: p50s[Math.floor(p50s.length / 2)]!,
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
  };
}

/**
 * Two loads measured in alternating rounds that together last about twice BENCH_DURATION, each pooled:
 * on a machine whose speed drifts (shared CPUs), both see the same drift.
 */
export async function inTurns(
  ours: (seconds: number) => Promise<LoadResult>,
  ceiling: (seconds: number) => Promise<LoadResult>,
): Promise<{ result: LoadResult; ceiling: LoadResult }> {
  const seconds = Math.max(1, Math.round(benchSeconds() / ROUNDS));
  const a: LoadResult[] = [];
  const b: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(await ours(seconds));
    b.push(await ceiling(seconds));
  }
  return { result: pooled(a), ceiling: pooled(b) };
}

/**
 * A route measured against a bare Fastify hello-world in a process of its own — what "as fast as
 * this machine can serve HTTP right now" means — in turns.
 */
export async function measureAgainstHelloWorld(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ result: LoadResult; ceiling: LoadResult & { what: string } }> {
  const server = await startChildServer('hello-world-server.ts');
  try {
    const { result, ceiling } = await inTurns(
      (seconds) => measure(url, headers, seconds),
      (seconds) => measure(`http://127.0.0.1:${server.port}/`, {}, seconds),
    );
    return { result, ceiling: { ...ceiling, what: 'bare Fastify hello-world' } };
  } finally {
    await server.stop();
  }
}
