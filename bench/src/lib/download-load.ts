import http from 'node:http';
import type { LoadResult } from './load.ts';

/**
 * Downloads on loopback for big answers (media), where autocannon's parser, not the server, would be
 * the limit: `connections` keep-alive connections each fetch the URL again as soon as the last body
 * has arrived, for `seconds`. Node's http client parses in C and the bodies are dropped unread.
 */
export async function measureDownloads(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode !== undefined && res.statusCode < 300) latencies.push(performance.now() - started);
          else failures++;
          resolve();
        });
        res.on('error', () => (failures++, resolve()));
      });
      req.on('error', () => (failures++, resolve()));
    });
  const client = async () => {
    while (performance.now() < until) await once();
  };
  await Promise.all(Array.from({ length: connections }, client));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { requestsPerSecond: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), failures };
}
