import { createContext } from '../boot.ts';
import { ConfigError, loadConfig } from '../config.ts';

/** Within the usual 30 s a container gets after SIGTERM: long transcodes are handed back, not lost. */
const GRACE_MS = 20_000;

/**
 * `npm run worker`: runs background jobs and nothing else (no HTTP), against the configured
 * database and, when REDIS_URL is set, BullMQ. API nodes then run with JOBS_WORKER=false.
 */
async function main(): Promise<void> {
  // This process exists to run jobs, whatever JOBS_WORKER says for the API nodes sharing its env.
  const config = { ...loadConfig(), jobsWorker: true };
  const { ctx, close } = await createContext(config);
  ctx.logger.info(
    { backend: ctx.jobs.backend, concurrency: config.jobsConcurrency, database: ctx.dialect },
    'job worker started',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, 'job worker shutting down');
    const force = setTimeout(() => process.exit(1), GRACE_MS + 10_000).unref();
    await ctx.jobs.stop(GRACE_MS);
    await close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
