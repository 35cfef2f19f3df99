import { MICRO_PER_TOKEN } from '@app/shared';
import { openServerDatabase, type RunningServer } from '../../../apps/e2e/support/server.ts';
import {
  auditLedger,
  balances,
  entryKeys,
  ledgerProblems,
  type LedgerAudit,
} from '../../../apps/server/src/testing/ledger-audit.ts';
import type { Db } from '../../../apps/server/src/db/database.ts';
import { SystemAccount, transfer, userAccountId } from '../../../apps/server/src/modules/ledger/ledger.service.ts';
import { insertVideo } from '../../../apps/server/src/testing/fixtures.ts';
import { flushDirtyPages } from '../lib/disk.ts';
import { rawPgTransfers, rawSqliteTransfers, type RawResult } from '../lib/raw-transfers.ts';
import { seedUsers, signIn } from '../lib/seed.ts';
import { withBenchServer } from '../lib/server.ts';
import { writeLoad, type WriteLoadResult } from '../lib/write-load.ts';
import type { Figure, Scenario } from './scenario.ts';

/** each measurement, raw or through the API */
const SECONDS = 5;
/** as issue #23 measured (autocannon -c 20): one signed-in user per connection */
const CONNECTIONS = 20;
/** videos of one creator that users like, each like a new one (a user likes a video once) */
const LIKE_VIDEOS = 4000;
/** videos each user views over and over: all but the first view of each are repeats */
const VIEWED = 20;
/** tips move 0.1 token (the smallest tip); each tipper holds enough for any rate this bench can see */
const TIP = 0.1;
const GRANT = 1_000_000 * MICRO_PER_TOKEN;
/** acknowledged tips sent again after the load, twice at once, to see that a retried key pays once */
const RETRIED = 200;

const TIP_KIND = 'video_tip';
const LIKE_KIND = 'like_reward';

interface Seeded {
  userIds: string[];
  /** user i's own video; user i tips user i+1's, so the money goes round and no account is a hot spot */
  ownVideos: string[];
  likeVideos: string[];
}

/** Signed-in writers with a video each and a grant, and one creator's videos, before the server starts. */
async function seed(db: Db, into: Seeded): Promise<void> {
  into.userIds = await seedUsers(db, CONNECTIONS, 'bench_writer', { password: true });
  const [creatorId] = await seedUsers(db, 1, 'bench_ledger_creator');
  await db.transaction().execute(async (trx) => {
    for (const id of into.userIds) {
      into.ownVideos.push((await insertVideo(trx, id, { title: `Tip jar of ${id}` })).id);
      const to = userAccountId(id);
      await transfer(
        { from: SystemAccount.mint, to, amount: GRANT, kind: 'bench_grant', idempotencyKey: `grant:${id}` },
        trx,
      );
    }
    for (let i = 0; i < LIKE_VIDEOS; i++)
      into.likeVideos.push((await insertVideo(trx, creatorId!, { title: `Ledger bench ${i}` })).id);
  });
}

type Ceiling = { label: string; measure: () => Promise<RawResult> };

/** Raw single-transfer transactions at the durability the server runs with: the ceiling of every write. */
function ceiling(): { full: Ceiling; relaxed: Ceiling } {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = (synchronousCommit: 'on' | 'off') => () =>
      rawPgTransfers(url, { clients: CONNECTIONS, seconds: SECONDS, synchronousCommit });
    return {
      full: { label: `raw pg transfers, synchronous_commit=on, ${CONNECTIONS} clients`, measure: pg('on') },
      relaxed: { label: `raw pg transfers, synchronous_commit=off, ${CONNECTIONS} clients`, measure: pg('off') },
    };
  }
  return {
    full: {
      label: 'raw better-sqlite3 transfers, synchronous=FULL',
      measure: async () => rawSqliteTransfers('FULL', SECONDS),
    },
    relaxed: {
      label: 'raw better-sqlite3 transfers, synchronous=NORMAL',
      measure: async () => rawSqliteTransfers('NORMAL', SECONDS),
    },
  };
}

interface Write {
  what: string;
  minRatio: number;
  note: string;
  load(server: RunningServer): Promise<WriteLoadResult>;
}

const json = (body: string) => JSON.parse(body) as { replayed?: boolean };

const broken = (when: string, problems: string[]) =>
  new Error(`ledger invariants broken ${when}:\n  ${problems.join('\n  ')}`);

/** The invariants an audit found sound, as a note; throws when one is broken. */
function checked(audit: LedgerAudit, when: string): string {
  const problems = ledgerProblems(audit);
  if (problems.length) throw broken(when, problems);
  return `${[...audit.sums.keys()].join(' and ')} balances sum to 0, none below 0, each balance = its entries`;
}

/**
 * Tips, likes and views through the real API, each between two runs of raw single-transfer
 * transactions at the durability the server runs with (SQLite synchronous=FULL, or PostgreSQL
 * synchronous_commit=on). After the tips, and again at the end, the ledger is read straight from the
 * database: it must balance and hold every acknowledged tip, once.
 */
export const ledgerScenario: Scenario = {
  name: 'ledger',
  description:
    `tips, likes and views through the API (${CONNECTIONS} signed-in users at once, ${SECONDS} s each), ` +
    `each against raw single-transfer transactions at the same durability; then the ledger's invariants`,
  async run() {
    const { full, relaxed } = ceiling();
    const relaxedResult = await relaxed.measure();
    const figures: Figure[] = [
      {
        metric: relaxed.label,
        value: relaxedResult.perSecond,
        unit: 'transfers/s',
        note: 'for information: commits that do not wait for the disk',
      },
    ];
    const seeded: Seeded = { userIds: [], ownVideos: [], likeVideos: [] };
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    await withBenchServer(
      async (server) => {
        const tokens: string[] = [];
        for (let i = 0; i < CONNECTIONS; i++) tokens.push(await signIn(server.url, `bench_writer${i}@example.com`));
        const acknowledged: { user: number; key: string }[] = [];
        let replayed = 0;
        const run = `${Date.now()}`;
        const writes: Write[] = [
          {
            what: 'tips',
            minRatio: 0.5,
            note: `${TIP} token each, a new Idempotency-Key each, user i tipping user i+1's video`,
            load: (s) =>
              writeLoad(s.url, {
                connections: CONNECTIONS,
                seconds: SECONDS,
                post: (user, n) => ({
                  path: `/api/videos/${seeded.ownVideos[(user + 1) % CONNECTIONS]}/tip`,
                  token: tokens[user]!,
                  headers: { 'idempotency-key': `bench-${run}-${user}-${n}` },
                  body: { amount: TIP },
                }),
                onAnswer: (user, post, status, body) => {
                  if (status !== 200) return;
                  if (json(body).replayed) replayed++;
                  else acknowledged.push({ user, key: post.headers!['idempotency-key']! });
                },
              }),
          },
          {
            what: 'likes',
            minRatio: 1,
            note: `every like a new one (${LIKE_VIDEOS} videos), paying the creator from the mint`,
            load: (s) =>
              writeLoad(s.url, {
                connections: CONNECTIONS,
                seconds: SECONDS,
                post: (user, n) => ({
                  path: `/api/videos/${seeded.likeVideos[n % LIKE_VIDEOS]}/like`,
                  token: tokens[user]!,
                }),
              }),
          },
          {
            what: 'views',
            minRatio: 1,
            note: `signed in, each user viewing the same ${VIEWED} videos over and over: mostly repeats`,
            load: (s) =>
              writeLoad(s.url, {
                connections: CONNECTIONS,
                seconds: SECONDS,
                post: (user, n) => ({
                  path: `/api/videos/${seeded.likeVideos[n % VIEWED]}/view`,
                  token: tokens[user]!,
                }),
              }),
          },
        ];

        const { db, close } = openServerDatabase(server);
        try {
          // each write between two raw runs, against their mean: a disk whose fsyncs speed up or slow
          // down during the run (shared machines) moves both
          flushDirtyPages();
          let before = await full.measure();
          let likes = 0;
          for (const write of writes) {
            flushDirtyPages();
            const r = await write.load(server);
            const tipCheck =
              write.what === 'tips' ? await tipInvariants(server, db, tokens, seeded, acknowledged, replayed) : null;
            if (write.what === 'likes') likes = r.answered;
            flushDirtyPages();
            const after = await full.measure();
            const between = `${Math.round(before.perSecond)} before, ${Math.round(after.perSecond)} after`;
            figures.push({
              metric: `${write.what} via the API (${database})`,
              value: r.perSecond,
              unit: 'writes/s',
              latency: { p50Ms: r.p50Ms, p99Ms: r.p99Ms },
              ceiling: {
                value: (before.perSecond + after.perSecond) / 2,
                what: `${full.label} (${between})`,
                minRatio: write.minRatio,
              },
              failures: r.failures,
              note: `${write.note}; ${CONNECTIONS} connections, server in its own process`,
            });
            if (tipCheck) figures.push(tipCheck);
            before = after;
          }
          const likeRewards = (await entryKeys(db, LIKE_KIND)).size;
          const allNew =
            likeRewards === likes ? `one for each of the ${likes} likes` : `NOT one per like: ${likes} likes answered`;
          figures.push({
            metric: 'ledger invariants after all loads',
            value: likeRewards,
            unit: 'like rewards',
            note: `${allNew}; ${checked(await auditLedger(db), 'after the likes and views')}`,
          });
        } finally {
          await close();
        }
      },
      { seed: (db) => seed(db, seeded) },
    );
    return figures;
  },
};

/**
 * What the tips load left in the ledger: every acknowledged tip stored, nothing else paid as a tip,
 * the sums at 0 and nobody below 0; then RETRIED acknowledged tips sent again, each twice at once,
 * must all answer `replayed` and move nothing. Throws when any of it fails.
 */
async function tipInvariants(
  server: RunningServer,
  db: Db,
  tokens: string[],
  seeded: Seeded,
  acknowledged: { user: number; key: string }[],
  replayedInLoad: number,
): Promise<Figure> {
  const stored = await entryKeys(db, TIP_KIND);
  const ledgerKey = (t: { user: number; key: string }) => `tip:${seeded.userIds[t.user]}:${t.key}`;
  const missing = acknowledged.filter((t) => !stored.has(ledgerKey(t)));
  const audit = await auditLedger(db);
  const problems = [
    ...ledgerProblems(audit),
    ...(missing.length
      ? [`${missing.length} acknowledged tips are not in the ledger, e.g. ${ledgerKey(missing[0]!)}`]
      : []),
    ...(stored.size !== acknowledged.length
      ? [`${stored.size} tip entries for ${acknowledged.length} acknowledged tips`]
      : []),
    ...(replayedInLoad ? [`${replayedInLoad} tips with a new key answered replayed`] : []),
  ];

  const step = Math.max(1, Math.floor(acknowledged.length / RETRIED));
  const retried = acknowledged.filter((_, i) => i % step === 0).slice(0, RETRIED);
  const before = JSON.stringify([...(await balances(db))]);
  const send = (t: { user: number; key: string }) =>
    fetch(`${server.url}/api/videos/${seeded.ownVideos[(t.user + 1) % CONNECTIONS]}/tip`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens[t.user]}`,
        'content-type': 'application/json',
        'idempotency-key': t.key,
      },
      body: JSON.stringify({ amount: TIP }),
    }).then(async (res) => (res.status === 200 ? json(await res.text()).replayed === true : false));
  let notReplayed = 0;
  for (let i = 0; i < retried.length; i += 20) {
    const answers = await Promise.all(retried.slice(i, i + 20).flatMap((t) => [send(t), send(t)]));
    notReplayed += answers.filter((replay) => !replay).length;
  }
  if (notReplayed) problems.push(`${notReplayed} of ${retried.length * 2} retries were not answered as replays`);
  if ((await entryKeys(db, TIP_KIND)).size !== stored.size) problems.push('a retried key added a tip entry');
  if (JSON.stringify([...(await balances(db))]) !== before) problems.push('retried keys moved money');
  if (problems.length) throw broken('after the tips load', problems);
  return {
    metric: 'ledger invariants after the tips load',
    value: acknowledged.length,
    unit: 'acknowledged tips',
    note:
      `= ${stored.size} tip entries; ${checked(audit, 'after the tips load')}; ` +
      `${retried.length} acknowledged keys retried twice at once: replays, nothing paid`,
  };
}
