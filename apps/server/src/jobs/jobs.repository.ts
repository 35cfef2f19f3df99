import type { ExpressionBuilder, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { EnqueueOptions } from './job-queue.ts';
import { DEFAULT_MAX_ATTEMPTS } from './job-rows.ts';
import type { JobPayloads, JobType, JobsTable } from './job-types.ts';

/** Inserts the job's row unless one with its id exists (that is what makes enqueue idempotent). */
export async function insertJobRow<T extends JobType>(
  db: Executor,
  type: T,
  payload: JobPayloads[T],
  options: EnqueueOptions,
): Promise<string> {
  const id = options.jobId ?? `${type}.${newId()}`;
  const at = new Date();
  await db
    .insertInto('jobs')
    .values({
      id,
      type,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      max_attempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
      run_at: new Date(at.getTime() + Math.max(0, options.delayMs ?? 0)).toISOString(),
      locked_by: null,
      locked_until: null,
      progress: 0,
      last_error: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}

export const findJob = (db: Executor, id: string): Promise<JobsTable | undefined> =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Claims the next due job of the given types for a worker: queued and due, or running under a lease
 * nobody renewed (its worker died). One statement: the row is re-checked as it is updated, so two
 * claimers can never both win it.
 */
export function claimNextJob(
  db: Executor,
  dialect: Dialect,
  claim: { types: string[]; workerId: string; now: string; lockedUntil: string },
): Promise<JobsTable | undefined> {
  const { types, now } = claim;
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('type', 'in', types),
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('locked_by', 'is', null), eb('run_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
      ]),
    ]);
  const next = db.selectFrom('jobs').select('id').where(due).orderBy('run_at').limit(1);
  return db
    .updateTable('jobs')
    .set({
      status: 'running',
      locked_by: claim.workerId,
      locked_until: claim.lockedUntil,
      attempts: sql`attempts + 1`,
      updated_at: now,
    })
    .where('id', '=', dialect === 'postgres' ? next.forUpdate().skipLocked() : next)
    .where(due)
    .returningAll()
    .executeTakeFirst();
}

/** Updates a job only while this worker still holds it (a reclaimed job is not touched): true if it did. */
export async function updateOwnedJob(
  db: Executor,
  id: string,
  workerId: string,
  fields: Updateable<JobsTable>,
): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set(fields)
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Hands a held job back to the queue without using up the attempt its claim counted. */
export async function releaseOwnedJob(db: Executor, id: string, workerId: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'queued',
      attempts: sql`attempts - 1`,
      run_at: now,
      locked_by: null,
      locked_until: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Updates a job's row whoever holds it (the BullMQ mirror). */
export async function updateJob(db: Executor, id: string, fields: Updateable<JobsTable>): Promise<void> {
  await db.updateTable('jobs').set(fields).where('id', '=', id).execute();
}

/** The outbox: queued rows not yet handed to BullMQ (only `id` when given), oldest first. */
export function pendingOutboxJobs(db: Executor, limit: number, id?: string): Promise<JobsTable[]> {
  let query = db.selectFrom('jobs').selectAll().where('status', '=', 'queued').where('locked_by', 'is', null);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('created_at').limit(limit).execute();
}

/** Marks an outbox row as handed over to `owner`, unless someone already took it. */
export async function markJobForwarded(db: Executor, id: string, owner: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_by: owner, updated_at: now })
    .where('id', '=', id)
    .where('locked_by', 'is', null)
    .execute();
}

/** How many jobs there are of each type in each state (for the metrics). */
export const countJobsByState = (db: Executor): Promise<Array<{ type: string; status: string; n: number | string }>> =>
  db
    .selectFrom('jobs')
    .select(['type', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['type', 'status'])
    .execute();
