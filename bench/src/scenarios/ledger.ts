import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { RunningServer } from '../../../apps/e2e/support/server.ts';
import type { Db } from '../../../apps/server/src/db/database.ts';
import { insertVideo } from '../../../apps/server/src/testing/fixtures.ts';
import { seedUsers, signUp } from '../lib/seed.ts';
import { withBenchServer } from '../lib/server.ts';
import type { Figure, Scenario } from './scenario.ts';

const RAW_SECONDS = 3;
const ACCOUNTS = 1000;
const TIPPERS = 16;

type Sync = 'NORMAL' | 'FULL';

/**
 * Ledger-style transfers straight on better-sqlite3 (WAL, one writer): two balance updates under a
 * no-overdraft check and one entry row per transaction, as the ledger does, for RAW_SECONDS.
 */
function rawTransfers(sync: Sync): { perSecond: number; count: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-bench-ledger-'));
  const db = new SQLite(path.join(dir, 'ledger.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${sync}`);
    db.exec(`create table accounts (id integer primary key, balance integer not null check (balance >= 0));
             create table entries (id integer primary key, debit integer not null, credit integer not null,
                                   amount integer not null, kind text not null, created_at text not null);`);
    const seed = db.prepare('insert into accounts (id, balance) values (?, ?)');
    db.transaction(() => {
      for (let i = 0; i < ACCOUNTS; i++) seed.run(i, 1_000_000_000);
    })();
    const debit = db.prepare('update accounts set balance = balance - ? where id = ?');
    const credit = db.prepare('update accounts set balance = balance + ? where id = ?');
    const entry = db.prepare('insert into entries (debit, credit, amount, kind, created_at) values (?, ?, ?, ?, ?)');
    const transfer = db.transaction((from: number, to: number, amount: number) => {
      debit.run(amount, from);
      credit.run(amount, to);
      entry.run(from, to, amount, 'tip', new Date().toISOString());
    });
    let count = 0;
    const started = performance.now();
    while (performance.now() - started < RAW_SECONDS * 1000) {
      transfer(count % ACCOUNTS, (count * 7 + 1) % ACCOUNTS, 100_000);
      count++;
    }
    return { perSecond: count / ((performance.now() - started) / 1000), count };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const VIDEOS = 2000;

/** One creator's ready videos, written straight to the fresh database before the server starts. */
async function seedVideos(db: Db): Promise<void> {
  const [creatorId] = await seedUsers(db, 1, 'bench_ledger_creator');
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < VIDEOS; i++) await insertVideo(trx, creatorId!, { title: `Ledger bench ${i}` });
  });
}

/**
 * TIPPERS signed-in users sending one kind of write at once, each waiting for its answer, for
 * RAW_SECONDS × 2; `request(user, n)` is the n-th request of that user.
 */
async function apiWrites(
  server: RunningServer,
  tokens: string[],
  request: (user: number, n: number) => { path: string; body?: unknown },
) {
  const latencies: number[] = [];
  let failures = 0;
  const seconds = RAW_SECONDS * 2;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, user) => {
      for (let n = 0; performance.now() - started < seconds * 1000; n++) {
        const { path: route, body } = request(user, n);
        const sent = performance.now();
        const res = await fetch(server.url + route, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        });
        await res.arrayBuffer();
        if (res.status === 200 || res.status === 201) latencies.push(performance.now() - sent);
        else failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { perSecond: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99), failures };
}

/**
 * What synchronous=FULL (an fsync at every commit, so no acknowledged transfer is lost to a power
 * cut) costs against NORMAL: raw transfers at both, and tips through the real API, the server in
 * its own process (on SQLite unless DATABASE_URL is set).
 */
export const ledgerScenario: Scenario = {
  name: 'ledger',
  description:
    `ledger transfers on better-sqlite3 at synchronous NORMAL vs FULL (${RAW_SECONDS} s each), ` +
    `then tips and likes through the API by ${TIPPERS} users`,
  async run() {
    const normal = rawTransfers('NORMAL');
    const full = rawTransfers('FULL');
    const { tips, likes } = await withBenchServer(
      async (server) => {
        const ids: string[] = [];
        for (let offset = 0; offset < VIDEOS; offset += 50) {
          const page = (await (await fetch(`${server.url}/api/videos?limit=50&offset=${offset}`)).json()) as {
            videos: { id: string }[];
          };
          ids.push(...page.videos.map((v) => v.id));
        }
        const tokens: string[] = [];
        for (let i = 0; i < TIPPERS; i++) tokens.push((await signUp(server.url, `bench-tipper${i}@example.com`)).token);
        return {
          tips: await apiWrites(server, tokens, () => ({
            path: `/api/videos/${ids[0]}/tip`,
            body: { amount: 0.1 },
          })),
          // every like is a new one (a user likes each video once), paying its creator through the ledger
          likes: await apiWrites(server, tokens, (user, n) => ({
            path: `/api/videos/${ids[(n * TIPPERS + user) % ids.length]}/like`,
          })),
        };
      },
      { seed: seedVideos },
    );
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite synchronous=FULL';
    const figures: Figure[] = [
      {
        metric: 'raw transfers, synchronous=NORMAL',
        value: normal.perSecond,
        unit: 'transfers/s',
        note: `${normal.count} transfers`,
      },
      {
        metric: 'raw transfers, synchronous=FULL',
        value: full.perSecond,
        unit: 'transfers/s',
        ceiling: { value: normal.perSecond, what: 'the same transfers at synchronous=NORMAL' },
        note: `${full.count} transfers; ${(1000 / full.perSecond - 1000 / normal.perSecond).toFixed(3)} ms more per commit`,
      },
      ...(
        [
          ['tips', tips],
          ['likes', likes],
        ] as const
      ).map(([what, r]) => ({
        metric: `${what} via the API (${database})`,
        value: r.perSecond,
        unit: 'transfers/s',
        latency: { p50Ms: r.p50Ms, p99Ms: r.p99Ms },
        ceiling: { value: full.perSecond, what: 'raw transfers at synchronous=FULL' },
        failures: r.failures,
        note: `${TIPPERS} users at once, server in its own process`,
      })),
    ];
    return figures;
  },
};
