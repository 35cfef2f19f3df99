import type { Queue } from 'bullmq';
import type { Db } from '../db/database.ts';

import type { JobLog } from './job-queue.ts';
import { markJobForwarded, pendingOutboxJobs } from './jobs.repository.ts';
import { systemClock } from '../lib/clock.ts';

/** `locked_by` of a row BullMQ has taken over. */
export const FORWARDED = 'bullmq';
/** How long BullMQ keeps finished jobs (status, error) before the SQL mirror is all that is left. */
const KEEP_FINISHED_S = 7 * 24 * 60 * 60;
const BATCH = 100;

export interface BullJobData {
  id: string;
  payload: unknown;
}

/** BullMQ refuses ids that look like integers or hold a ':' (ours may: `transcode-video:abc`). */
export const bullJobId = (id: string): string => `j-${encodeURIComponent(id)}`;

/**
 * The transactional outbox in front of BullMQ. Enqueueing writes a `jobs` row, inside the caller's
 * transaction when there is one; this relay hands committed rows to BullMQ, then marks them. A crash
 * between the two hands a row over twice, which BullMQ drops because the job id is the same.
 */
export class BullOutbox {
  private relaying: Promise<void> | undefined;
  private again = false;
  private readonly kicks = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly queue: (type: string) => Queue,
    private readonly backoffMs: number,
    private readonly log: JobLog,
  ) {}

  /** Hands over pending rows (only `id` when given), waiting for it. */
  async forward(id?: string): Promise<void> {
    for (const row of await pendingOutboxJobs(this.db, BATCH, id)) {
      await this.queue(row.type).add(row.type, { id: row.id, payload: JSON.parse(row.payload) } satisfies BullJobData, {
        jobId: bullJobId(row.id),
        attempts: row.max_attempts,
        backoff: { type: 'exponential', delay: this.backoffMs },
        delay: Math.max(0, Date.parse(row.run_at) - Date.now()),
        removeOnComplete: { age: KEEP_FINISHED_S },
        removeOnFail: { age: KEEP_FINISHED_S },
      });
      await markJobForwarded(this.db, row.id, FORWARDED, systemClock.iso());
    }
  }

  /** Forwards in the background; overlapping calls coalesce into one more pass. */
  relay(): void {
    if (this.closed) return;
    if (this.relaying) {
      this.again = true;
      return;
    }
    this.relaying = this.forward()
      .catch((err: unknown) => this.log.error({ err }, 'job outbox relay failed'))
      .finally(() => {
        this.relaying = undefined;
        if (this.again) {
          this.again = false;
          this.relay();
        }
      });
  }

  /**
   * After an enqueue inside a transaction: the commit comes a moment later, so look shortly after;
   * a slower transaction is left to the workers' periodic relay.
   */
  relaySoon(): void {
    for (const ms of [50, 500]) {
      const timer = setTimeout(() => {
        this.kicks.delete(timer);
        this.relay();
      }, ms);
      this.kicks.add(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.kicks) clearTimeout(timer);
    this.kicks.clear();
    await this.relaying;
  }
}
