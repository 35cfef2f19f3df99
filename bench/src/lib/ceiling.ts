import Fastify from 'fastify';
import { measure, type LoadResult } from './load.ts';

let cached: LoadResult | undefined;

/** A bare Fastify hello-world on the same machine in the same run: what "as fast as possible" means here. */
export async function helloWorldCeiling(): Promise<LoadResult> {
  if (cached) return cached;
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    cached = await measure(url);
    return cached;
  } finally {
    await app.close();
  }
}
