import { startChildServer } from './child-server.ts';
import { benchSeconds, measure, type LoadResult } from './load.ts';

/** Rounds of (route, ceiling): on a machine whose speed drifts (shared CPUs), both see the same drift. */
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
 * A route measured against a bare Fastify hello-world in a process of its own — what "as fast as
 * this machine can serve HTTP right now" means — in alternating rounds that together last about
 * twice BENCH_DURATION.
 */
export async function measureAgainstHelloWorld(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ result: LoadResult; ceiling: LoadResult & { what: string } }> {
  const server = await startChildServer('hello-world-server.ts');
  const seconds = Math.max(1, Math.round(benchSeconds() / ROUNDS));
  try {
    const ours: LoadResult[] = [];
    const ceiling: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await measure(url, headers, seconds));
      ceiling.push(await measure(`http://127.0.0.1:${server.port}/`, {}, seconds));
    }
    return { result: pooled(ours), ceiling: { ...pooled(ceiling), what: 'bare Fastify hello-world' } };
  } finally {
    await server.stop();
  }
}
