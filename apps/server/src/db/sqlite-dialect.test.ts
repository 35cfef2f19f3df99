import { fork } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { withStatementCache } from './sqlite-dialect.ts';

const contender = fileURLToPath(new URL('../testing/sqlite-contender.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fsp.rm(d, { recursive: true, force: true }))));

const run = (dataDir: string, rounds: number) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = fork(contender, [dataDir, String(rounds)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });

it('lets several processes run read-then-write transactions on one SQLite file without a lost update', async () => {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sqlite-contend-'));
  dirs.push(dataDir);
  const handle = openDatabase({ dataDir });
  await sql`create table counter (n integer not null)`.execute(handle.db);
  await sql`insert into counter (n) values (0)`.execute(handle.db);

  const results = await Promise.all([run(dataDir, 40), run(dataDir, 40), run(dataDir, 40)]);
  expect(results).toEqual([
    { code: 0, stderr: '' },
    { code: 0, stderr: '' },
    { code: 0, stderr: '' },
  ]);
  const { rows } = await sql<{ n: number }>`select n from counter`.execute(handle.db);
  expect(rows[0]!.n).toBe(120);
  await handle.close();
});

it('prepares a statement once per SQL text, drops the least recently used past its size, and never shares a busy one', () => {
  const sqlite = new SQLite(':memory:');
  let prepared = 0;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => (prepared++, prepare(text))) as typeof sqlite.prepare;
  const db = withStatementCache(sqlite, 2);

  expect(db.prepare('select 1 as a')).toBe(db.prepare('select 1 as a'));
  expect(prepared).toBe(1);
  db.prepare('select 2 as a');
  db.prepare('select 1 as a'); // 1 is now the most recent
  db.prepare('select 3 as a'); // evicts 2
  expect(prepared).toBe(3);
  db.prepare('select 1 as a');
  expect(prepared).toBe(3);
  db.prepare('select 2 as a');
  expect(prepared).toBe(4);

  // A statement in the middle of an iteration is busy: the next caller gets a statement of its own.
  const first = db.prepare('select value from json_each(json_array(1, 2, 3))') as unknown as SQLite.Statement;
  const iterator = first.iterate();
  iterator.next();
  const second = db.prepare('select value from json_each(json_array(1, 2, 3))') as unknown as SQLite.Statement;
  expect(second).not.toBe(first);
  expect(second.all()).toHaveLength(3);
  iterator.return?.();
  db.close();
});
