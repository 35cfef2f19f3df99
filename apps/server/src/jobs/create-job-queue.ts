import type { Config } from '../config.ts';
import type { JobQueue, JobQueueOptions } from './job-queue.ts';
import { SqlJobQueue } from './sql-job-queue.ts';

/** Production timings; tests build queues directly with short ones. */
const TIMINGS = { pollMs: 1_000, leaseMs: 60_000, backoffMs: 5_000 } as const;

/**
 * BullMQ when REDIS_URL is set (the scaled-out deployment), otherwise the queue lives in the SQL
 * database. BullMQ is loaded only when it is used: the embedded deployment starts faster without it.
 */
export async function createJobQueue(
  config: Config,
  deps: Pick<JobQueueOptions, 'db' | 'dialect' | 'context' | 'log'>,
): Promise<JobQueue> {
  const options: JobQueueOptions = { ...deps, ...TIMINGS, concurrency: config.jobsConcurrency };
  if (!config.redisUrl) return new SqlJobQueue(options);
  const { BullJobQueue } = await import('./bullmq-job-queue.ts');
  return new BullJobQueue({ ...options, redisUrl: config.redisUrl, prefix: `${config.redisPrefix}bull` });
}
