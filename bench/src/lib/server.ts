import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../apps/server/src/app.ts';
import { createContext } from '../../../apps/server/src/boot.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import type { AppContext } from '../../../apps/server/src/context.ts';
import { createFreshDatabase } from '../../../apps/server/src/testing/fresh-database.ts';
import { closeOnExit } from './cleanup.ts';

export interface BenchServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** http://127.0.0.1:PORT, a free port chosen by the OS */
  url: string;
  close(): Promise<void>;
}

/**
 * The real server in production mode, in this process, on a fresh database: a new PostgreSQL
 * database beside DATABASE_URL when it is set (and Redis when REDIS_URL is), else SQLite in a temp folder.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-bench-'));
  const fresh = await createFreshDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: String(1e9),
    // every simulated user signs up from 127.0.0.1
    LOGIN_MAX_PER_IP: String(1e9),
    REGISTER_MAX_PER_IP: String(1e9),
    WALLET_SIGNIN_MAX_PER_IP: String(1e9),
    WELCOME_BONUS_PER_NETWORK_DAY: String(1e9),
    PASSWORD_HASH_QUEUE: String(1e4),
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...(fresh && process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-${process.pid}:` }
      : {}),
  });
  const { ctx, close } = await createContext(config);
  const app = await buildApp(ctx);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    ctx,
    url,
    close: closeOnExit(async () => {
      await app.close();
      await close();
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }),
  };
}

/** Runs fn against a fresh server and closes the server before returning, whatever happens. */
export async function withBenchServer<T>(fn: (server: BenchServer) => Promise<T>): Promise<T> {
  const server = await startBenchServer();
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}
