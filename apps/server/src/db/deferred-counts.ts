import { sql } from 'kysely';
import type { Executor } from './database.ts';
import { preparedQuery } from './prepared-query.ts';

/**
 * A running total kept in a row (a video's views, what a thing earned). `apply` adds `n` to the row
 * `key` names, creating it when it may not exist yet.
 */
export interface Counter {
  /** orders counters when a transaction applies several: PostgreSQL row locks are taken in one order */
  name: string;
  apply(db: Executor, key: string, n: number): Promise<void>;
}

/**
 * The increments a write transaction (or one unit of a group commit) made and has not applied yet.
 * Many events on one hot row become one UPDATE at the end: on SQLite one per group commit, on
 * PostgreSQL one per transaction, holding the row's lock only from there to the commit.
 */
class Tally {
  readonly #counts = new Map<Counter, Map<string, number>>();

  constructor(readonly parent?: Tally) {}

  add(counter: Counter, key: string, n: number): void {
    let byKey = this.#counts.get(counter);
    if (!byKey) this.#counts.set(counter, (byKey = new Map()));
    byKey.set(key, (byKey.get(key) ?? 0) + n);
  }

  pending(counter: Counter, key: string): number {
    return (this.#counts.get(counter)?.get(key) ?? 0) + (this.parent?.pending(counter, key) ?? 0);
  }

  mergeIntoParent(): void {
    for (const [counter, byKey] of this.#counts) for (const [key, n] of byKey) this.parent!.add(counter, key, n);
  }

  async apply(db: Executor): Promise<void> {
    const counters = [...this.#counts.keys()].sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const counter of counters) {
      const byKey = this.#counts.get(counter)!;
      for (const key of [...byKey.keys()].sort()) {
        const n = byKey.get(key)!;
        if (n !== 0) await counter.apply(db, key, n);
      }
    }
    this.#counts.clear();
  }
}

const tallies = new WeakMap<Executor, Tally>();

/**
 * Adds `n` to a counter: at the end of the write transaction `db` belongs to when it keeps a tally
 * (see `keepTally`), else at once.
 */
export async function countLater(db: Executor, counter: Counter, key: string, n: number): Promise<void> {
  const tally = tallies.get(db);
  if (tally) tally.add(counter, key, n);
  else await counter.apply(db, key, n);
}

/** What `db`'s transaction (and the group it is part of) added to a counter and has not applied yet. */
export const pendingCount = (db: Executor, counter: Counter, key: string): number =>
  tallies.get(db)?.pending(counter, key) ?? 0;

/** Starts keeping `trx`'s increments, as part of `parent`'s when given (a unit of a group commit). */
export function keepTally(trx: Executor, parent?: Executor): void {
  tallies.set(trx, new Tally(parent ? tallies.get(parent) : undefined));
}

/** A unit that succeeded: its increments join its group's, to be applied with them. */
export function mergeTally(trx: Executor): void {
  tallies.get(trx)?.mergeIntoParent();
  tallies.delete(trx);
}

/** Applies what `trx` kept, in a fixed order, just before it commits. */
export async function applyTally(trx: Executor): Promise<void> {
  await tallies.get(trx)?.apply(trx);
  tallies.delete(trx);
}

type CountedTable = 'videos' | 'clips';

/**
 * A count column of a table keyed by `id` (a video's views, a clip's likes) as a Counter. Every like
 * and counted view moves one at its commit: the UPDATE is built once.
 */
export function columnCounter(table: CountedTable, column: 'views' | 'likes'): Counter {
  const add = preparedQuery((db, id: string, n: number) =>
    db
      .updateTable(table)
      .set({ [column]: sql`${sql.ref(column)} + ${n}` })
      .where('id', '=', id),
  );
  return {
    name: `${table}.${column}`,
    async apply(db, id, n) {
      await add(db, id, n);
    },
  };
}

/** A count column's value as `db`'s transaction sees it: what is stored plus what it has not applied yet. */
export const countedValue = (db: Executor, counter: Counter, id: string, stored: number | string): number =>
  Number(stored) + pendingCount(db, counter, id);
