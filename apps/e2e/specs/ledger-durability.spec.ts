import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../server/src/testing/fixtures.ts';
import { createUser } from '../../server/src/modules/users/users.service.ts';
import { auditLedger, balances, entryKeys, ledgerProblems } from '../../server/src/testing/ledger-audit.ts';
import { openServerDatabase, startServer, type RunningServer } from '../support/server.ts';

const TIPPERS = 8;
/** requests each tipper keeps in flight, so debits of one account race each other */
const IN_FLIGHT = 3;
/**
 * The server is killed once this many tips were acknowledged and the draining tipper was refused,
 * with about TIPPERS × IN_FLIGHT more on the wire.
 */
const KILL_AFTER = 250;
const TIP = 0.3;
/** the last tipper's tips are large: of its first IN_FLIGHT at once, two fit its 100-token welcome bonus */
const DRAINING_TIP = 40;

interface Tipper {
  userId: string;
  token: string;
}

interface Tip {
  tipper: Tipper;
  videoId: string;
  amount: number;
  key: string;
}

/** the key the ledger stores for a tip: the tipper's Idempotency-Key, scoped to the tipper (tipVideo) */
const ledgerKey = (tip: Tip) => `tip:${tip.tipper.userId}:${tip.key}`;

async function sendTip(server: RunningServer, tip: Tip) {
  const res = await fetch(`${server.url}/api/videos/${tip.videoId}/tip`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tip.tipper.token}`,
      'content-type': 'application/json',
      'idempotency-key': tip.key,
    },
    body: JSON.stringify({ amount: tip.amount }),
  });
  const body = (await res.json()) as { replayed?: boolean; code?: string };
  return { status: res.status, body };
}

/** What an answer to a tip says happened: paid, replayed, or the error code. */
const outcome = ({ status, body }: Awaited<ReturnType<typeof sendTip>>): string =>
  status === 200 ? (body.replayed ? 'replayed' : 'paid') : (body.code ?? String(status));

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

/**
 * The attack from issue #23: tips fly from several signed-in users at once, the server process is
 * killed with SIGKILL in the middle, and it starts again on the same data. Every tip the server
 * acknowledged must be in the ledger, the ledger must still balance, and a client retrying with
 * the same Idempotency-Key must be told it already paid, without paying again.
 */
describe('the ledger across kill -9', () => {
  let server: RunningServer;
  let restarted: RunningServer | undefined;
  const videoIds: string[] = [];
  const tippers: Tipper[] = [];

  beforeAll(async () => {
    // one loopback client sends it all: the per-minute request limit meant for real networks is lifted
    server = await startServer(
      { RATE_LIMIT_MAX: String(1e9) },
      {
        // two creators with a video each, so tips contend on two hot accounts
        prepare: (db) =>
          db.transaction().execute(async (trx) => {
            for (const name of ['durable_creator_a', 'durable_creator_b']) {
              const email = `${name}@example.com`;
              const creator = await createUser(trx, { username: name, email, role: 'user', welcomeBonus: false });
              videoIds.push((await insertVideo(trx, creator.id, { title: `Tips for ${name}` })).id);
            }
          }),
      },
    );
    for (let i = 0; i < TIPPERS; i++) {
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `durable-tipper${i}@example.com`, password: 'correct horse battery' }),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { access_token: string; user: { id: string; total_tokens: number } };
      expect(body.user.total_tokens).toBe(100);
      tippers.push({ userId: body.user.id, token: body.access_token });
    }
  });

  afterAll(async () => {
    await restarted?.stop();
    await server?.stop();
  });

  it('keeps every acknowledged tip, balances, and pays each retried key once', async () => {
    const acknowledged: Tip[] = [];
    const refused: Tip[] = [];
    /** sent, but the answer never came (the connection died with the process) or was a 5xx */
    const inDoubt: Tip[] = [];
    let killed: Promise<void> | undefined;
    const loadStarted = Date.now();

    await Promise.all(
      tippers.flatMap((tipper, t) =>
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let n = 0; !killed; n++) {
            const tip: Tip = {
              tipper,
              videoId: videoIds[(t + n) % videoIds.length]!,
              amount: t === TIPPERS - 1 ? DRAINING_TIP : TIP,
              key: randomUUID(),
            };
            const answer = await sendTip(server, tip).catch(() => null);
            if (answer?.status === 200 && answer.body.replayed === false) acknowledged.push(tip);
            else if (answer?.status === 400 && answer.body.code === 'insufficient_funds') refused.push(tip);
            else if (answer === null || answer.status >= 500) inDoubt.push(tip);
            else throw new Error(`a tip answered ${answer.status}: ${JSON.stringify(answer.body)}`);
            const due = acknowledged.length >= KILL_AFTER && refused.length > 0;
            if (due || Date.now() - loadStarted > 10_000) killed ??= server.kill();
          }
        }),
      ),
    );
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(refused.length).toBeGreaterThan(0); // the draining tipper ran out mid-load
    expect(acknowledged.some((tip) => tip.amount === DRAINING_TIP)).toBe(true);

    // the same data folder (SQLite) or database (PostgreSQL), and the same Redis keys
    restarted = await startServer({ ...server.joinEnv, RATE_LIMIT_MAX: String(1e9) });
    const { db, close } = openServerDatabase(restarted);
    try {
      const stored = await entryKeys(db, 'video_tip');
      expect(acknowledged.filter((tip) => !stored.has(ledgerKey(tip))).map(ledgerKey)).toEqual([]);
      expect(refused.filter((tip) => stored.has(ledgerKey(tip))).map(ledgerKey)).toEqual([]);
      const sent = new Set([...acknowledged, ...inDoubt].map(ledgerKey));
      expect([...stored].filter((key) => !sent.has(key))).toEqual([]);
      expect(ledgerProblems(await auditLedger(db))).toEqual([]);

      // every acknowledged request again after the restart, twice at once: each is a replay and moves nothing
      const twice = (tip: Tip) => Promise.all([sendTip(restarted!, tip), sendTip(restarted!, tip)]);
      const before = await balances(db);
      const replays = (await inBatches(acknowledged, 16, twice)).flat().map(outcome);
      expect(replays.filter((o) => o !== 'replayed')).toEqual([]);
      expect(await balances(db)).toEqual(before);
      expect((await entryKeys(db, 'video_tip')).size).toBe(stored.size);

      // a tip whose answer was lost, retried twice at once: it pays only if it had not landed, and then once
      const retried = await inBatches(inDoubt, 16, twice);
      const paid = inDoubt.filter((tip, i) => {
        const both = retried[i]!.map(outcome).sort();
        if (stored.has(ledgerKey(tip))) expect(both).toEqual(['replayed', 'replayed']);
        else
          expect([
            ['paid', 'replayed'],
            ['insufficient_funds', 'insufficient_funds'],
          ]).toContainEqual(both);
        return both[0] !== 'insufficient_funds';
      });
      const settled = await balances(db);
      expect(
        (await inBatches(paid, 16, (tip) => sendTip(restarted!, tip))).map(outcome).filter((o) => o !== 'replayed'),
      ).toEqual([]);
      expect(await balances(db)).toEqual(settled);
      expect((await entryKeys(db, 'video_tip')).size).toBe(acknowledged.length + paid.length);
      expect(ledgerProblems(await auditLedger(db))).toEqual([]);
    } finally {
      await close();
    }
  });
});
