import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../app.ts';
import { createContext } from '../boot.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { createFreshDatabase } from './fresh-database.ts';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const testDialects: TestDialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** A real app on a freshly migrated, empty database of the given dialect (optionally with a logger to inspect). */
export async function createTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
  opts: { logger?: Logger } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-test-'));
  const fresh = dialect === 'postgres' ? await createFreshDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // Tests write rows straight to the database, which no write through the API announces: no read cache
    // unless a test asks for it (http/read-cache.test.ts).
    READ_CACHE_MS: '0',
    RATE_LIMIT_MAX: '100000',
    // Every test client is 127.0.0.1: the per-network sign-in limits and bonus cap are off unless a test sets them.
    LOGIN_MAX_PER_IP: '100000',
    REGISTER_MAX_PER_IP: '100000',
    WALLET_SIGNIN_MAX_PER_IP: '100000',
    WELCOME_BONUS_PER_NETWORK_DAY: '100000',
    PASSWORD_HASH_QUEUE: '10000',
    SEED_DEMO: 'false',
    RTMP_ENABLED: 'false',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // The PostgreSQL pass is the scaled-out deployment: Redis too, under a prefix of its own.
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...(fresh && process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:` }
      : {}),
    ...env,
  });
  const { ctx, close } = await createContext(config, opts.logger);
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await close();
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
