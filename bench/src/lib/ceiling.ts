import Fastify from 'fastify';
import { measure, type LoadResult } from './load.ts';

/**
 * A bare Fastify hello-world, measured the same way right after the scenario it is compared with:
 * what "as fast as this machine can serve HTTP right now" means, even on a machine under other load.
 */
export async function helloWorldCeiling(): Promise<LoadResult & { what: string }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    return { ...(await measure(url)), what: 'bare Fastify hello-world' };
  } finally {
    await app.close();
  }
}
