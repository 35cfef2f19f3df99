import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import SQLite from 'better-sqlite3';
import { startServer, type RunningServer } from '../../../apps/e2e/support/server.ts';
import { form } from '../../../apps/server/src/testing/upload-form.ts';
import { closeOnExit } from '../lib/cleanup.ts';
import { signUp } from '../lib/seed.ts';
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

/** A creator's short video, uploaded and transcoded through the API, so tips go to a ready video. */
async function readyVideo(server: RunningServer): Promise<string> {
  const creator = await signUp(server.url, 'bench-ledger-creator@example.com');
  const file = path.join(os.tmpdir(), `tarang-bench-ledger-${process.pid}.mp4`);
  await generateTestVideo(file, { seconds: 1, width: 320, height: 180 });
  const upload = form({ title: 'Tip me' }, { name: 'tip.mp4', type: 'video/mp4', data: fs.readFileSync(file) });
  fs.rmSync(file, { force: true });
  const res = await fetch(`${server.url}/api/videos/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${creator.token}`, ...upload.headers },
    body: upload.payload,
  });
  if (res.status !== 201) throw new Error(`bench upload answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (let i = 0; i < 300; i++) {
    const video = (await (await fetch(`${server.url}/api/videos/${id}`)).json()) as { status: string };
    if (video.status === 'ready') return id;
    if (video.status === 'failed') throw new Error('bench video failed to transcode');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('bench video not ready after 60 s');
}

/** TIPPERS users tipping 0.1 token at once, each waiting for its answer, for RAW_SECONDS × 2. */
async function apiTips(server: RunningServer, videoId: string) {
  const tokens: string[] = [];
  for (let i = 0; i < TIPPERS; i++) tokens.push((await signUp(server.url, `bench-tipper${i}@example.com`)).token);
  const latencies: number[] = [];
  let failures = 0;
  const seconds = RAW_SECONDS * 2;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() - started < seconds * 1000) {
        const sent = performance.now();
        const res = await fetch(`${server.url}/api/videos/${videoId}/tip`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 0.1 }),
        });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - sent);
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
  description: `ledger transfers on better-sqlite3 at synchronous NORMAL vs FULL (${RAW_SECONDS} s each), then POST /api/videos/{id}/tip by ${TIPPERS} users`,
  async run() {
    const normal = rawTransfers('NORMAL');
    const full = rawTransfers('FULL');
    const server = await startServer({ RATE_LIMIT_MAX: String(1e9) });
    const stop = closeOnExit(() => server.stop());
    let tips: Awaited<ReturnType<typeof apiTips>>;
    try {
      tips = await apiTips(server, await readyVideo(server));
    } finally {
      await stop();
    }
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
      {
        metric: `tips via the API (${database})`,
        value: tips.perSecond,
        unit: 'transfers/s',
        latency: { p50Ms: tips.p50Ms, p99Ms: tips.p99Ms },
        ceiling: { value: full.perSecond, what: 'raw transfers at synchronous=FULL' },
        failures: tips.failures,
        note: `${TIPPERS} tippers, server in its own process`,
      },
    ];
    return figures;
  },
};
