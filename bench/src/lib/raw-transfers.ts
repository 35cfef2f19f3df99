import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createFreshDatabase } from '../../../apps/server/src/testing/fresh-database.ts';
import { closeOnExit } from './cleanup.ts';

/**
 * The write ceiling: ledger-style transfers straight on the database driver, one transfer per
 * transaction, as the ledger does it and no more — a conditional debit (no overdraft), a credit and
 * one entry row, the two balance rows touched in id order — on a few tables of their own.
 */
export interface RawResult {
  perSecond: number;
  count: number;
}

const ACCOUNTS = 1000;
const START_BALANCE = 1_000_000_000;
const AMOUNT = 100_000;

/** The n-th transfer's two accounts: spread over all of them, never one account twice. */
const pair = (n: number): [number, number] => [n % ACCOUNTS, (n * 7 + 1) % ACCOUNTS];

const SCHEMA = {
  accounts: 'create table accounts (id integer primary key, balance bigint not null check (balance >= 0))',
  entries: (id: string) =>
    `create table entries (id ${id} primary key, debit integer not null, credit integer not null,
                           amount bigint not null, kind text not null, created_at text not null)`,
};
const DEBIT = 'update accounts set balance = balance - $1 where id = $2 and balance >= $3';
const CREDIT = 'update accounts set balance = balance + $1 where id = $2';
const ENTRY = 'insert into entries (debit, credit, amount, kind, created_at) values ($1, $2, $3, $4, $5)';
/** PostgreSQL's numbered parameters, each used once and in order, as SQLite's anonymous ones */
const anonymous = (text: string) => text.replace(/\$\d+/g, '?');

export type SqliteSync = 'NORMAL' | 'FULL';

/** better-sqlite3 in WAL mode (one writer, this process) at the given `synchronous`, for `seconds`. */
export function rawSqliteTransfers(sync: SqliteSync, seconds: number): RawResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-bench-ledger-'));
  const db = new SQLite(path.join(dir, 'ledger.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${sync}`);
    db.exec(`${SCHEMA.accounts}; ${SCHEMA.entries('integer')};`);
    const seed = db.prepare('insert into accounts (id, balance) values (?, ?)');
    db.transaction(() => {
      for (let i = 0; i < ACCOUNTS; i++) seed.run(i, START_BALANCE);
    })();
    const debit = db.prepare(anonymous(DEBIT));
    const credit = db.prepare(anonymous(CREDIT));
    const entry = db.prepare(anonymous(ENTRY));
    const transfer = db.transaction((from: number, to: number, amount: number) => {
      const steps = [() => debit.run(amount, from, amount).changes === 1, () => credit.run(amount, to).changes === 1];
      if (to < from) steps.reverse();
      for (const step of steps) if (!step()) throw new Error('raw transfer refused');
      entry.run(from, to, amount, 'tip', new Date().toISOString());
    });
    let count = 0;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      transfer(...pair(count), AMOUNT);
      count++;
    }
    return { perSecond: count / ((performance.now() - started) / 1000), count };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL's setting for what a COMMIT waits for: `on` (its default) waits for the WAL flush. */
export type SynchronousCommit = 'on' | 'off';

/**
 * `clients` connections of `pg`, each running transfers one after another for `seconds`, in a fresh
 * database beside DATABASE_URL (dropped after). Each statement is its own round trip, prepared once
 * per connection; concurrent commits share WAL flushes, as PostgreSQL does by itself.
 */
export async function rawPgTransfers(
  baseUrl: string,
  options: { clients: number; seconds: number; synchronousCommit: SynchronousCommit },
): Promise<RawResult> {
  const fresh = (await createFreshDatabase(baseUrl))!;
  const drop = closeOnExit(() => fresh.drop());
  const pool = new pg.Pool({ connectionString: fresh.url, max: options.clients });
  // a connection still closing when the database is dropped (with force) is told so: nothing to do
  pool.on('error', () => {});
  try {
    await pool.query(`${SCHEMA.accounts}; ${SCHEMA.entries('bigserial')}`);
    await pool.query('insert into accounts (id, balance) select i, $1 from generate_series(0, $2) as i', [
      START_BALANCE,
      ACCOUNTS - 1,
    ]);
    let count = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.clients }, async (_, c) => {
        const client = await pool.connect();
        try {
          await client.query(`set synchronous_commit = ${options.synchronousCommit}`);
          const query = (name: string, text: string, values: unknown[]) => client.query({ name, text, values });
          for (let n = c; performance.now() - started < options.seconds * 1000; n += options.clients) {
            const [from, to] = pair(n);
            await client.query('begin');
            const steps = [
              () => query('debit', DEBIT, [AMOUNT, from, AMOUNT]),
              () => query('credit', CREDIT, [AMOUNT, to]),
            ];
            if (to < from) steps.reverse();
            for (const step of steps) if ((await step()).rowCount !== 1) throw new Error('raw transfer refused');
            await query('entry', ENTRY, [from, to, AMOUNT, 'tip', new Date().toISOString()]);
            await client.query('commit');
            count++;
          }
        } finally {
          client.release();
        }
      }),
    );
    return { perSecond: count / ((performance.now() - started) / 1000), count };
  } finally {
    await pool.end();
    await drop();
  }
}
