import path from 'node:path';
import type { Redis } from 'ioredis';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { createJobQueue } from './jobs/create-job-queue.ts';
import { registerJobHandlers } from './jobs/handlers.ts';
import { createMeters } from './http/metrics.ts';
import { createSharedReadCache } from './http/read-cache.ts';
import { LocalLiveBus, RedisLiveBus } from './live/live-bus.ts';
import { LiveContext } from './live/live-context.ts';
import { createMailer } from './mail/mailer.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { useSharedSessionCache } from './modules/sessions/session-cache.ts';
import { loadSecrets } from './secrets.ts';
import { LocalBlobStore } from './storage/local-blob-store.ts';
import { makePrivateDir } from './storage/private-files.ts';
import { createTempDir } from './storage/temp-dir.ts';
import { systemClock } from './lib/clock.ts';
import { TurnBatchedLines } from './lib/turn-batched-lines.ts';
import { connectionLost, watchOutages, resilientRedisOptions } from './lib/redis-outage.ts';

// Payout details are never logged on purpose; these paths catch them if a body ever is.
const PAYOUT_DETAILS = ['bank_details', '*.bank_details', 'req.body.bank_details', '*.account_number', '*.upi_id'];
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.signature',
  '*.access_token',
  ...PAYOUT_DETAILS,
];

/** JSON lines wait in memory until this many bytes are ready (about fifty access lines), ... */
const LOG_BUFFER_BYTES = 8 * 1024;
/** ... or until this long has passed, whichever comes first (nginx's `access_log … buffer= flush=`). */
const LOG_FLUSH_MS = 1000;

/**
 * The server's logger: JSON lines to stdout, written asynchronously and in batches: one write system
 * call for many lines (under load it cost more than the rest of a cached read's JavaScript), and the
 * lines of one event-loop turn handed to the writer together (`TurnBatchedLines`). A line is out
 * within LOG_FLUSH_MS; a stopping server writes what is pending (`flushLog`), so does a process that
 * exits on a crash, and only `kill -9` can lose the last second of lines. On a terminal (or with
 * LOG_FORMAT=pretty) the lines are made readable by pino-pretty instead, in a worker thread, at once;
 * LOG_FORMAT=json keeps JSON on a terminal too.
 */
export function createLogger(config: Config, destination?: DestinationStream): Logger {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  const out =
    destination ??
    (pretty
      ? pino.transport({ target: 'pino-pretty', options: { destination: 1, translateTime: 'SYS:HH:MM:ss.l' } })
      : new TurnBatchedLines(
          pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }),
        ));
  return pino({ level: config.logLevel, redact: REDACT }, out as DestinationStream);
}

/**
 * Resolves once every line logged so far has been written, the write under way included: what a
 * process does before `process.exit`, whose own last-moment flush cannot wait for a write in flight.
 */
export const flushLog = (logger: Logger): Promise<void> => new Promise((resolve) => logger.flush(() => resolve()));

/** How long a start waits for Redis before going on without it (it joins when it answers). */
const REDIS_START_WAIT_MS = 3000;

async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new (await import('ioredis')).Redis(url, resilientRedisOptions);
  watchOutages(redis, logger, 'redis');
  const ready = new Promise<void>((resolve) => redis.once('ready', resolve));
  const timer = new Promise<void>((resolve) => setTimeout(resolve, REDIS_START_WAIT_MS).unref());
  await Promise.race([ready, timer]);
  return redis;
}

/**
 * Opens the database (migrating it), Redis when configured, the blob store, the job queue and the
 * secrets: everything the app needs. Jobs start only when this process is a worker.
 */
export async function createContext(
  config: Config,
  logger: Logger = createLogger(config),
): Promise<{ ctx: AppContext; close(): Promise<void> }> {
  // Every process sharing DATA_DIR (server, worker, CLIs) keeps it to its own user.
  makePrivateDir(config.dataDir);
  const secrets = loadSecrets(config.dataDir, config.appSecret);
  if (config.env === 'production' && secrets.storedIn && !config.databaseUrl) {
    logger.warn(
      `APP_SECRET is not set: the generated secret is kept in ${secrets.storedIn}, beside the database, so one copy of ` +
        'DATA_DIR (a backup, a stolen disk) opens the sealed payout details. Set APP_SECRET (32+ characters) from a secret store.',
    );
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  // Redis and S3 clients are loaded only when configured: the embedded deployment starts faster without them.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const blobs = config.s3
    ? new (await import('./storage/s3-blob-store.ts')).S3BlobStore(config.s3)
    : new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  const temp = createTempDir(config.dataDir);
  // Handlers receive the context, which holds the queue: hence a getter rather than the object.
  const jobs = await createJobQueue(config, {
    db: database.db,
    dialect: database.dialect,
    log: logger.child({ component: 'jobs' }),
    context: () => ctx,
  });
  const bus = redis
    ? new RedisLiveBus(redis, config.redisPrefix, logger.child({ component: 'live' }))
    : new LocalLiveBus();
  const live = new LiveContext(config, bus);
  const readCache = await createSharedReadCache(config.readCacheMs, bus, logger.child({ component: 'read-cache' }));
  if (config.sessionCacheMs > 0)
    await useSharedSessionCache(database.db, config.sessionCacheMs, bus, logger.child({ component: 'sessions' }));
  const passwords = new PasswordHasher(config.passwordHashing);
  const mail = await createMailer(config.mail, config.env, logger);
  const ctx: AppContext = {
    config,
    secrets,
    logger,
    db: database.db,
    dialect: database.dialect,
    redis,
    blobs,
    tempDir: temp.dir,
    jobs,
    live,
    passwords,
    mail,
    clock: systemClock,
    readCache,
    meters: createMeters(config.metricsToken),
  };
  registerJobHandlers(jobs);
  if (config.jobsWorker) jobs.start();
  return {
    ctx,
    async close() {
      await mail.close(); // queued mail may still issue a token: before the database goes
      await jobs.close(); // running jobs finish first (or are handed back): they still need the database
      await bus.close();
      await database.close();
      if (redis && connectionLost(redis))
        redis.disconnect(); // away: nothing to say goodbye to
      else await redis?.quit();
      temp.remove();
    },
  };
}
