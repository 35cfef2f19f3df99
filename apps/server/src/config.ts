import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from '@app/media';
import { z } from 'zod';
import type { S3Options } from './storage/s3-blob-store.ts';

/**
 * Repository root, so defaults do not depend on which folder npm was started from: the nearest folder
 * above this file (the source, or the built bundle in apps/server/dist) that holds apps/server.
 */
export const repoRoot = ((): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'apps', 'server', 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the Tarang folder above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
})();

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
      .optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]*$/)
      .default('tarang:'),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().trim().min(3).max(320).optional(),
    MAIL_MAX_PER_IP: z.coerce.number().int().positive().default(20),
    ADMIN_WALLETS: list,
    ADMIN_EMAILS: list,
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
    LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(60),
    REGISTER_MAX_PER_IP: z.coerce.number().int().positive().default(20),
    WALLET_SIGNIN_MAX_PER_IP: z.coerce.number().int().positive().default(60),
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).max(10_000).default(32),
    WELCOME_BONUS_PER_NETWORK_DAY: z.coerce.number().int().min(0).default(3),
    SESSION_TTL_DAYS: z.coerce.number().int().positive().max(365).default(30),
    TRUST_PROXY: z.stringbool().default(false),
    WEB_DIST: z.string().optional(),
    SEED_DEMO: z.stringbool().default(true),
    JOBS_WORKER: z.stringbool().default(true),
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.stringbool().optional(),
    RTMP_ENABLED: z.stringbool().default(true),
    RTMP_HOST: z.string().default('0.0.0.0'),
    RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
    RTMP_PUBLIC_URL: z
      .string()
      .regex(/^rtmps?:\/\/[^\s]+$/, 'RTMP_PUBLIC_URL must be an rtmp:// URL')
      .optional(),
    RTMP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(100),
    RTMP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(10),
    RTMP_PUBLISH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    RTMP_READ_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    RTMP_PREAUTH_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(8192)
      .max(16 * 1024 * 1024)
      .default(64 * 1024),
    WEBRTC_ENABLED: z.stringbool().default(true),
    ICE_SERVERS: z
      .string()
      .regex(
        /^((stuns?|turns?):[^\s,]+)?(,(stuns?|turns?):[^\s,]+)*$/,
        'ICE_SERVERS must be stun:/turn: URLs separated by commas',
      )
      .default(''),
    ICE_USERNAME: z.string().optional(),
    ICE_CREDENTIAL: z.string().optional(),
    WEBRTC_PUBLIC_IP: z.union([z.ipv4(), z.ipv6()]).optional(),
    WEBRTC_PORT_MIN: z.coerce.number().int().min(1024).max(65535).optional(),
    WEBRTC_PORT_MAX: z.coerce.number().int().min(1024).max(65535).optional(),
    WEBRTC_MAX_VIEWERS_PER_STREAM: z.coerce.number().int().min(1).default(200),
    WEBRTC_MAX_VIEWERS: z.coerce.number().int().min(1).default(500),
    WEBRTC_MAX_SESSIONS_PER_IP: z.coerce.number().int().min(1).default(4),
    WEBRTC_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
    INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
    LIVE_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    S3_PREFIX: z
      .string()
      .regex(/^([\w.-]+\/)*$/, 'S3_PREFIX must be empty or end with /')
      .default(''),
    PAYMENT_PROVIDER: z.enum(['test', 'none']).optional(),
    WS_UPGRADES_PER_MINUTE: z.coerce.number().int().positive().default(120),
    WS_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(200),
    WS_CHAT_FRAMES: z.coerce.number().int().positive().default(20),
    WS_CHAT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(64 * 1024),
    WS_INGEST_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(50 * 1024 * 1024),
    WS_MAX_BUFFERED_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    WS_INGEST_IDLE_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
    MEDIA_MAX_DURATION_SECONDS: z.coerce.number().int().positive().default(DEFAULT_MEDIA_LIMITS.maxDurationSeconds),
    MEDIA_MAX_FRAME_SIDE: z.coerce.number().int().min(16).max(16384).default(DEFAULT_MEDIA_LIMITS.maxFrameSide),
    MEDIA_MAX_FRAME_PIXELS: z.coerce
      .number()
      .int()
      .min(256)
      .max(16384 * 16384)
      .default(DEFAULT_MEDIA_LIMITS.maxFramePixels),
    MEDIA_MAX_FRAME_RATE: z.coerce.number().positive().max(1000).default(DEFAULT_MEDIA_LIMITS.maxFrameRate),
    MEDIA_RUN_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(DEFAULT_MEDIA_LIMITS.runTimeoutSeconds),
    MEDIA_MEMORY_LIMIT_MB: z.coerce.number().int().min(0).default(DEFAULT_MEDIA_LIMITS.memoryLimitMb),
    UPLOAD_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    PAYOUT_ADMIN_ABOVE_RUPEES: z.coerce.number().int().min(0).default(25_000),
    ANON_VIEWS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    ANON_PAID_VIEWS_PER_ADDRESS: z.coerce.number().int().min(0).default(20),
    AD_EVENTS_PER_ADDRESS: z.coerce.number().int().min(0).default(10),
  })
  .refine((e) => !e.S3_BUCKET || (e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET',
    path: ['S3_BUCKET'],
  })
  .refine((e) => (e.WEBRTC_PORT_MIN === undefined) === (e.WEBRTC_PORT_MAX === undefined), {
    message: 'WEBRTC_PORT_MIN and WEBRTC_PORT_MAX are set together',
    path: ['WEBRTC_PORT_MIN'],
  })
  .refine((e) => (e.WEBRTC_PORT_MIN ?? 0) < (e.WEBRTC_PORT_MAX ?? 1), {
    message: 'WEBRTC_PORT_MIN must be below WEBRTC_PORT_MAX',
    path: ['WEBRTC_PORT_MIN'],
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
  /** mail goes out over SMTP when set; without it each mail is printed to the log (development) */
  mail: MailConfig;
  adminWallets: string[];
  adminEmails: string[];
  appSecret: string | undefined;
  /** set: `/metrics` (Prometheus) answers to `Authorization: Bearer <token>`; unset: no metrics at all */
  metricsToken: string | undefined;
  /** auto: readable lines on a terminal, JSON lines otherwise */
  logFormat: 'auto' | 'json' | 'pretty';
  logLevel: string;
  rateLimitMax: number;
  /**
   * Per client network (an IPv4 address or an IPv6 /64), beside the per-account limits: sign-ins per
   * 15 minutes, registrations per hour, and wallet challenges and verifications per 15 minutes each.
   */
  authLimits: { loginPerIp: number; registerPerIp: number; walletPerIp: number };
  /** scrypt runs at most this many at once, with at most `queue` waiting; beyond that, 503 */
  passwordHashing: { concurrency: number; queue: number };
  /** new accounts per client network and UTC day that get the welcome bonus; later ones get none */
  welcomeBonusPerNetworkDay: number;
  sessionTtlMs: number;
  trustProxy: boolean;
  webDist: string;
  /** add demo creators and videos when the server starts on an empty database */
  seedDemo: boolean;
  /** whether this process runs background jobs (API-only nodes set JOBS_WORKER=false) */
  jobsWorker: boolean;
  jobsConcurrency: number;
  /** live ingest: the RTMP listener of this process, and how long a dropped ingest may come back */
  rtmp: RtmpConfig;
  liveGraceMs: number;
  /** WebRTC playback (WHEP) of the live streams this process receives */
  webrtc: WebRtcConfig;
  /** where the other server processes reach this one (for the live media it serves); default http://127.0.0.1:<port> */
  internalUrl: string | undefined;
  /** set when media lives in an S3-compatible store instead of DATA_DIR/blobs */
  s3: S3Options | undefined;
  /** who takes advertisers' payments: the local test provider (approves everything) or none */
  paymentProvider: 'test' | 'none';
  /** WebSocket limits: per address, per socket (inbound budgets are per 10 s window), outbound */
  ws: {
    upgradesPerMinute: number;
    socketsPerAddress: number;
    chatFrames: number;
    chatBytes: number;
    ingestBytes: number;
    maxBufferedBytes: number;
    ingestIdleMs: number;
  };
  /** what an uploaded video may declare, and the time and memory each ffmpeg run gets */
  media: MediaLimits;
  /** an upload that sends no byte for this long is ended (408), freeing its connection and temp file */
  uploadIdleTimeoutMs: number;
  /** how long an anonymous public answer may be served from memory (0: not at all) */
  readCacheMs: number;
  /**
   * how long a signed-in session's user may be served from memory (0: not at all); changes made
   * through a server process or the admin CLI apply at once, other programs' within this time
   */
  sessionCacheMs: number;
  /** payouts above this (paise) are decided by an admin only, not by support */
  payoutAdminAbovePaise: number;
  /**
   * Per client address (an IPv4 address or an IPv6 /64) and UTC day. Many real people can share
   * one address behind carrier NAT, so anonymous views still count up to a generous cap per video;
   * what is paid or charged for is bounded tighter, since the address is all that ties it to anyone.
   */
  addressCaps: { anonViewsPerVideo: number; anonPaidViews: number; adEventsPerCampaign: number };
}

export interface MailConfig {
  smtpUrl: string | undefined;
  /** the From of every mail */
  from: string;
  /** mails a client network may ask for (password resets, verification resends) per hour */
  maxPerIpPerHour: number;
}

export interface WebRtcConfig {
  enabled: boolean;
  /** STUN/TURN servers, for this process's ICE agent and for the browser's */
  iceServers: { urls: string; username?: string; credential?: string }[];
  /** announced as a host candidate too, for a server behind a 1:1 NAT (ports forwarded as they are) */
  publicIp: string | undefined;
  /** the UDP ports viewers' media uses; any free port when unset */
  portRange: [number, number] | undefined;
  maxViewersPerStream: number;
  maxViewers: number;
  maxSessionsPerIp: number;
  /** a viewer whose connection is not up this long after the answer (or is lost this long) is let go */
  connectTimeoutMs: number;
}

export interface RtmpConfig {
  enabled: boolean;
  host: string;
  port: number;
  publicUrl: string | undefined;
  /** open connections at once, in all and from one address */
  maxConnections: number;
  maxConnectionsPerIp: number;
  /** from connecting until `publish` names a stream key */
  publishTimeoutMs: number;
  /** a peer silent this long is gone */
  readTimeoutMs: number;
  /** what a connection may send before its stream key is accepted */
  preAuthMaxBytes: number;
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
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Tarang <no-reply@${publicUrl.hostname}>`,
      maxPerIpPerHour: e.MAIL_MAX_PER_IP,
    },
    adminWallets: e.ADMIN_WALLETS.map((w) => w.toLowerCase()),
    adminEmails: e.ADMIN_EMAILS.map((m) => m.toLowerCase()),
    appSecret: e.APP_SECRET,
    metricsToken: e.METRICS_TOKEN,
    logFormat: e.LOG_FORMAT,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    authLimits: {
      loginPerIp: e.LOGIN_MAX_PER_IP,
      registerPerIp: e.REGISTER_MAX_PER_IP,
      walletPerIp: e.WALLET_SIGNIN_MAX_PER_IP,
    },
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
    welcomeBonusPerNetworkDay: e.WELCOME_BONUS_PER_NETWORK_DAY,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    seedDemo: e.SEED_DEMO,
    jobsWorker: e.JOBS_WORKER,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    rtmp: {
      enabled: e.RTMP_ENABLED,
      host: e.RTMP_HOST,
      port: e.RTMP_PORT,
      publicUrl: e.RTMP_PUBLIC_URL?.replace(/\/+$/, ''),
      maxConnections: e.RTMP_MAX_CONNECTIONS,
      maxConnectionsPerIp: e.RTMP_MAX_CONNECTIONS_PER_IP,
      publishTimeoutMs: e.RTMP_PUBLISH_TIMEOUT_SECONDS * 1000,
      readTimeoutMs: e.RTMP_READ_TIMEOUT_SECONDS * 1000,
      preAuthMaxBytes: e.RTMP_PREAUTH_MAX_BYTES,
    },
    liveGraceMs: e.LIVE_GRACE_SECONDS * 1000,
    webrtc: {
      enabled: e.WEBRTC_ENABLED,
      iceServers: e.ICE_SERVERS.split(',')
        .filter(Boolean)
        .map((urls) =>
          urls.startsWith('turn') ? { urls, username: e.ICE_USERNAME, credential: e.ICE_CREDENTIAL } : { urls },
        ),
      publicIp: e.WEBRTC_PUBLIC_IP,
      portRange: e.WEBRTC_PORT_MIN && e.WEBRTC_PORT_MAX ? [e.WEBRTC_PORT_MIN, e.WEBRTC_PORT_MAX] : undefined,
      maxViewersPerStream: e.WEBRTC_MAX_VIEWERS_PER_STREAM,
      maxViewers: e.WEBRTC_MAX_VIEWERS,
      maxSessionsPerIp: e.WEBRTC_MAX_SESSIONS_PER_IP,
      connectTimeoutMs: e.WEBRTC_CONNECT_TIMEOUT_SECONDS * 1000,
    },
    internalUrl: e.INTERNAL_URL?.replace(/\/+$/, ''),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    paymentProvider: e.PAYMENT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'test'),
    ws: {
      upgradesPerMinute: e.WS_UPGRADES_PER_MINUTE,
      socketsPerAddress: e.WS_SOCKETS_PER_ADDRESS,
      chatFrames: e.WS_CHAT_FRAMES,
      chatBytes: e.WS_CHAT_BYTES,
      ingestBytes: e.WS_INGEST_BYTES,
      maxBufferedBytes: e.WS_MAX_BUFFERED_BYTES,
      ingestIdleMs: e.WS_INGEST_IDLE_SECONDS * 1000,
    },
    media: {
      maxDurationSeconds: e.MEDIA_MAX_DURATION_SECONDS,
      maxFrameSide: e.MEDIA_MAX_FRAME_SIDE,
      maxFramePixels: e.MEDIA_MAX_FRAME_PIXELS,
      maxFrameRate: e.MEDIA_MAX_FRAME_RATE,
      runTimeoutSeconds: e.MEDIA_RUN_TIMEOUT_SECONDS,
      memoryLimitMb: e.MEDIA_MEMORY_LIMIT_MB,
    },
    uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
    readCacheMs: e.READ_CACHE_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    payoutAdminAbovePaise: e.PAYOUT_ADMIN_ABOVE_RUPEES * 100,
    addressCaps: {
      anonViewsPerVideo: e.ANON_VIEWS_PER_ADDRESS,
      anonPaidViews: e.ANON_PAID_VIEWS_PER_ADDRESS,
      adEventsPerCampaign: e.AD_EVENTS_PER_ADDRESS,
    },
  };
}
