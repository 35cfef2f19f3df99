import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root, so defaults do not depend on which folder npm was started from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const list = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL').optional(),
  REDIS_PREFIX: z.string().regex(/^[\w:.-]*$/).default('tarang:'),
  ADMIN_WALLETS: list,
  ADMIN_EMAILS: list,
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().max(365).default(30),
  TRUST_PROXY: z.stringbool().default(false),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** prefix of every Redis key, so several deployments (or test runs) can share one Redis */
  redisPrefix: string;
  adminWallets: string[];
  adminEmails: string[];
  appSecret: string | undefined;
  logLevel: string;
  rateLimitMax: number;
  sessionTtlMs: number;
  trustProxy: boolean;
  webDist: string;
}

export class ConfigError extends Error {}

/** Parses the environment once at boot; every problem is listed, not only the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const cwd = env.INIT_CWD ?? process.cwd();
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    dataDir: e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    adminWallets: e.ADMIN_WALLETS.map((w) => w.toLowerCase()),
    adminEmails: e.ADMIN_EMAILS.map((m) => m.toLowerCase()),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
  };
}
