// The augmentation below needs fastify's types in every program that reaches this file.
import type {} from 'fastify';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Clock } from './lib/clock.ts';
import type { Db, Dialect } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { ReadCache } from './http/read-cache.ts';
import type { LiveContext } from './live/live-context.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import type { Secrets } from './secrets.ts';
import type { BlobStore } from './storage/blob-store.ts';

/** What every module needs, built once at boot and handed to the app. */
export interface AppContext {
  config: Config;
  secrets: Secrets;
  logger: Logger;
  db: Db;
  dialect: Dialect;
  /** present when REDIS_URL is set: shared rate limits now, chat fan-out and jobs later */
  redis: Redis | undefined;
  /** media bytes: local disk by default */
  blobs: BlobStore;
  /** this process's scratch folder for uploads and media work */
  tempDir: string;
  /** durable background jobs (transcoding, …): SQL-backed, or BullMQ when REDIS_URL is set */
  jobs: JobQueue;
  /** live events across processes (chat, viewer counts, ingest control) and the ingest address */
  live: LiveContext;
  /** scrypt behind a small per-process gate, so sign-in bursts leave the thread pool to media I/O */
  passwords: PasswordHasher;
  /** account mail (verification, password reset), sent off the request path */
  mail: Mailer;
  /** the one clock every rule reads the time from (tests replace it) */
  clock: Clock;
  /** anonymous public answers kept briefly in memory; background work that changes them invalidates it */
  readCache: ReadCache;
  /** Prometheus metrics when METRICS_TOKEN is set (http/metrics.ts); undefined: nothing is counted */
  meters: Registry | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
