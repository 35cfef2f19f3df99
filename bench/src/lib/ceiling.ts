import { startChildServer } from './child-server.ts';
import { measure, type LoadResult } from './load.ts';

/**
 * A bare Fastify hello-world in its own process, measured the same way right after the scenario it is
 * compared with: what "as fast as this machine can serve HTTP right now" means, even on a machine
 * under other load.
 */
export async function helloWorldCeiling(): Promise<LoadResult & { what: string }> {
  const server = await startChildServer('hello-world-server.ts');
  try {
    return { ...(await measure(`http://127.0.0.1:${server.port}/`)), what: 'bare Fastify hello-world' };
  } finally {
    await server.stop();
  }
}
