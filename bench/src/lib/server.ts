import path from 'node:path';
import { startServer, type RunningServer } from '../../../apps/e2e/support/server.ts';
import type { Db } from '../../../apps/server/src/db/database.ts';
import { closeOnExit } from './cleanup.ts';

/** Limits a single loopback client would hit at once; everything else stays at its production default. */
const LOOPBACK_LIMITS = {
  RATE_LIMIT_MAX: String(1e9),
  LOGIN_MAX_PER_IP: String(1e9),
  REGISTER_MAX_PER_IP: String(1e9),
  WALLET_SIGNIN_MAX_PER_IP: String(1e9),
  WELCOME_BONUS_PER_NETWORK_DAY: String(1e9),
  PASSWORD_HASH_QUEUE: String(1e4),
};

/** `BENCH_CPU_PROFILE=<folder>`: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
export const serverNodeArgs = (): string[] => {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
};

/**
 * The production build of the server (`node apps/server/dist/main.js`, NODE_ENV=production, default
 * logging) in a process of its own, on a fresh database that `seed` fills first: a new PostgreSQL
 * database beside DATABASE_URL when it is set (and Redis when REDIS_URL is), else SQLite in a temp
 * folder. The server is stopped before this returns, whatever happens.
 */
export async function withBenchServer<T>(
  fn: (server: RunningServer) => Promise<T>,
  options: { seed?: (db: Db) => Promise<void>; env?: Record<string, string> } = {},
): Promise<T> {
  const server = await startServer(
    { NODE_ENV: 'production', LOG_LEVEL: 'info', ...LOOPBACK_LIMITS, ...options.env },
    { prepare: options.seed, nodeArgs: serverNodeArgs(), logToFile: true },
  );
  const stop = closeOnExit(() => server.stop());
  try {
    return await fn(server);
  } finally {
    await stop();
  }
}
