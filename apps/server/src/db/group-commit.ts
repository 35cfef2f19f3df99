import type { ControlledTransaction } from 'kysely';
import type { Db, Executor, Trx } from './database.ts';
import { dialectOf } from './dialect.ts';
import { applyTally, keepTally, mergeTally } from './deferred-counts.ts';
import type { Database } from './schema.ts';
import { runOnSqliteConnection } from './sqlite-dialect.ts';

/** A unit of work that must commit whole or not at all; it may only use `trx` for the database. */
export type WriteWork<T> = (trx: Trx) => Promise<T>;

interface Pending {
  work: WriteWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** What runs once a write transaction has ended (see `afterWrite`), and the database it wrote to. */
interface Ending {
  db: Db;
  then: Array<(db: Db) => void>;
}

const endings = new WeakMap<Executor, Ending>();

const newEnding = (db: Db): Ending => ({ db, then: [] });
const end = (ending: Ending): void => ending.then.forEach((then) => then(ending.db));

/**
 * Runs `then` once what `db` wrote is settled: at once when `db` is the database itself (the statement
 * has committed), else when the write transaction `db` belongs to has committed or rolled back. For
 * in-memory copies of rows (the session cache): dropped before that, a concurrent read could copy the
 * rows as they were before the commit and keep them.
 */
export function afterWrite(db: Executor, then: (db: Db) => void): void {
  const ending = endings.get(db);
  if (ending) ending.then.push(then);
  else if (!db.isTransaction) then(db as Db);
  else throw new Error('afterWrite: a transaction not opened by writeTransaction');
}

/** Most units of work one commit carries, so a flood of writes still commits (and answers) in steps. */
export const MAX_GROUP = 256;

/**
 * Group commit for SQLite: units of work that arrive together run one after another inside one
 * transaction, each in its own savepoint, and share one commit, so one fsync (synchronous=FULL)
 * makes a whole group durable. A unit that throws is rolled back to its savepoint and fails alone;
 * the others commit. Every unit is answered only after the commit that holds it, so nothing is
 * acknowledged before it is durable. If the commit itself fails, every unit of the group fails with
 * that error and nothing of it is kept.
 *
 * A group starts on the event loop's next turn after its first unit arrives. After a group of
 * several, the next one waits one turn more, so the requests on their way in (their answers just
 * went out) join it: larger groups, fewer fsyncs (PostgreSQL's commit_delay does the same in time).
 * Units of work must not wait for anything but the database (better-sqlite3 answers at once, so a
 * group runs in one stretch); and must not start another write transaction, which would wait
 * behind the group that is waiting for them.
 */
export class GroupCommit {
  readonly #db: Db;
  #queue: Pending[] = [];
  #scheduled = false;

  constructor(db: Db) {
    this.#db = db;
  }

  run<T>(work: WriteWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  #schedule(turns = 1): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    const start = (left: number) => setImmediate(() => (left > 1 ? start(left - 1) : void this.#commitNext()));
    start(turns);
  }

  async #commitNext(): Promise<void> {
    const group = this.#queue.splice(0, MAX_GROUP);
    try {
      const outcomes = await this.#commitGroup(group);
      group.forEach((unit, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) unit.resolve(outcome.value);
        else unit.reject(outcome.error);
      });
    } catch (error) {
      for (const unit of group) unit.reject(error);
    } finally {
      this.#scheduled = false;
      // writes keep coming: let one more turn of the event loop read the requests on their way in
      if (this.#queue.length > 0) this.#schedule(group.length > 1 ? 2 : 1);
    }
  }

  async #commitGroup(group: Pending[]): Promise<Outcome[]> {
    const trx = await this.#db.startTransaction().execute();
    keepTally(trx);
    const ending = newEnding(this.#db);
    endings.set(trx, ending);
    try {
      // the only unit needs no savepoint: its failure rolls the whole transaction back
      const alone = group.length === 1;
      const outcomes = alone ? [await outcomeOf(group[0]!, trx)] : await inSavepoints(trx, group);
      if (alone && !outcomes[0]!.ok) {
        await trx.rollback().execute();
        return outcomes;
      }
      await applyTally(trx);
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      // the transaction may be gone already (SQLite ends it on a full disk or an I/O error); the
      // error that ended it is the one to report
      if (!trx.isCommitted && !trx.isRolledBack)
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
      throw error;
    } finally {
      end(ending);
    }
  }
}

async function outcomeOf(unit: Pending, trx: Trx): Promise<Outcome> {
  try {
    return { ok: true, value: await unit.work(trx) };
  } catch (error) {
    return { ok: false, error };
  }
}

async function inSavepoints(trx: ControlledTransaction<Database>, group: Pending[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const unit of group) {
    // the same transaction under another identity, so the unit's counters are kept apart
    const inner = trx.withoutPlugins();
    keepTally(inner, trx);
    endings.set(inner, endings.get(trx)!);
    savepoint(trx, 'savepoint unit');
    const outcome = await outcomeOf(unit, inner);
    if (outcome.ok) mergeTally(inner);
    // a statement that fails inside SQLite may have ended the whole transaction (a full disk, an
    // I/O error): then rolling back to the savepoint throws, and the whole group fails with it
    else savepoint(trx, 'rollback to unit');
    savepoint(trx, 'release unit');
    outcomes.push(outcome);
  }
  return outcomes;
}

/** A savepoint command, run on the connection at once: a group runs one per unit. */
function savepoint(trx: Trx, command: string): void {
  if (!runOnSqliteConnection(trx, command, [])) throw new Error('A group commit runs on an SQLite transaction');
}

const groups = new WeakMap<Db, GroupCommit>();

/**
 * Runs `work` in a write transaction. On SQLite it joins a group commit (one writer, one fsync for
 * many); on PostgreSQL it is a transaction of its own, concurrent with others under row locks.
 * Either way the counters it moves (`countLater`) are applied together just before the commit.
 */
export function writeTransaction<T>(db: Db, work: WriteWork<T>): Promise<T> {
  if (dialectOf(db) !== 'sqlite') {
    const ending = newEnding(db);
    return db
      .transaction()
      .execute(async (trx) => {
        keepTally(trx);
        endings.set(trx, ending);
        const value = await work(trx);
        await applyTally(trx);
        return value;
      })
      .finally(() => end(ending));
  }
  let group = groups.get(db);
  if (!group) groups.set(db, (group = new GroupCommit(db)));
  return group.run(work);
}
