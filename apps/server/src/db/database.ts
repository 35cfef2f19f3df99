import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { ImmediateSqliteDialect, registerConnection, withStatementCache } from './sqlite-dialect.ts';
import { PRIVATE_FILE_MODE, makePrivateDir, makePrivateFile } from '../storage/private-files.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

const INT8_OID = 20;

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // bigint columns hold micro-tokens and paise, all far below 2^53: read them as numbers.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle pooled connection can be cut by the server (restart, failover, admin command). pg
    // reports that as an 'error' event; unhandled it would crash the process. The pool replaces the
    // connection on the next query, so a warning is enough.
    pool.on('error', (err) => console.warn(`PostgreSQL dropped an idle connection: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  makePrivateDir(opts.dataDir);
  const file = path.join(opts.dataDir, 'app.db');
  // SQLite gives the WAL and shared-memory files the database file's mode: create that one private.
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) makePrivateFile(f);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // The ledger lives here: a transfer acknowledged to a client must survive a power cut, which in
  // WAL mode takes an fsync at every commit (NORMAL syncs only at checkpoints).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A group commit runs each unit in a savepoint, and SQLite copies every page a unit changes into
  // the savepoint's journal: a temp file by default, one system call per page. In memory those
  // copies cost a memcpy (tips through the API ran about 15 % faster). Sorts that spill also stay
  // in memory; every list the app serves is paginated.
  sqlite.pragma('temp_store = MEMORY');
  // A checkpoint copies the pages the WAL holds into the database file, with two fsyncs, inside the
  // commit that triggers it. Every WAL_CHECKPOINT_PAGES instead of SQLite's 1,000: a page that many
  // commits change (a creator's balance, a video's counters, an index's last page) is copied once for
  // more of them. Likes through the API ran 0.81–0.88 of raw FULL transfers instead of 0.67–0.81 in
  // three alternating pairs; the raw transfers themselves gain nothing from it.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  const connection = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: connection }) });
  registerConnection(db, sqlite, connection);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Pages the WAL may hold before a commit checkpoints it: 40 MB at SQLite's 4 KB pages. */
export const WAL_CHECKPOINT_PAGES = 10_000;

const PING = CompiledQuery.raw('select 1');

/** One round trip to the database (compiled once: health checks come often): throws when it cannot answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.executeQuery(PING);
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when a driver error is a unique-constraint violation (both dialects). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a driver error is a foreign-key violation (both dialects): the row referred to is gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
