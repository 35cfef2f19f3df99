import { StreamLimits } from '@app/shared';
import { auditLedger, entryKeys, ledgerProblems } from '../../../apps/server/src/testing/ledger-audit.ts';
import { openServerDatabase, startServer, type RunningServer } from '../../../apps/e2e/support/server.ts';
import { runFanout, type FanoutResult } from '../lib/chat-load.ts';
import { startChildServer } from '../lib/child-server.ts';
import { closeOnExit } from '../lib/cleanup.ts';
import { signUp } from '../lib/seed.ts';
import type { Figure, Scenario } from './scenario.ts';

const VIEWERS = 2000;
const RATE = 50;
const SECONDS = 20;
/** issue #23: one message in TIP_EVERY carries a tip of TIP tokens (the smallest), paid in the same step */
const TIP_EVERY = 10;
const TIP = 0.1;
/**
 * Enough senders that each runs at half the chat's per-user rate limit (5 per 5 s: 100 senders), so
 * a server that stalls under the load and then reads a sender's queued messages at once still sees
 * them under it (60 senders, at 4.2 per 5 s, were refused now and then).
 */
const SENDERS = Math.ceil(RATE / ((StreamLimits.chatRateCount / StreamLimits.chatRateWindowMs) * 1000 * 0.5));

async function bareBroadcastServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = await startChildServer('bare-broadcast-server.ts');
  return { url: `ws://127.0.0.1:${server.port}`, stop: server.stop };
}

/** A started stream and SENDERS signed-in users, through the real API. */
async function prepare(server: RunningServer): Promise<{ streamId: string; tokens: string[] }> {
  const streamer = await signUp(server.url, 'bench-streamer@example.com');
  const res = await fetch(`${server.url}/api/streams/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${streamer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench chat' }),
  });
  const { stream_id } = (await res.json()) as { stream_id: string };
  await fetch(`${server.url}/api/streams/${stream_id}/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${streamer.token}` },
  });
  const tokens: string[] = [];
  for (let i = 0; i < SENDERS; i++) tokens.push((await signUp(server.url, `bench-chatter${i}@example.com`)).token);
  return { streamId: stream_id, tokens };
}

const ws = (server: RunningServer) => server.url.replace('http:', 'ws:');

const figure = (metric: string, r: FanoutResult, ceiling?: FanoutResult, minRatio?: number): Figure => {
  const notices = r.tipped * VIEWERS;
  const notes = [
    `${r.sent} messages × ${VIEWERS} sockets`,
    ...(r.tipped
      ? [`${r.tipped} of them tipping ${TIP} token; ${r.tipNotices} of ${notices} tip notices arrived`]
      : []),
    ...(r.refused ? [`${r.refused} refused by the chat's rate limit`] : []),
    ...(r.errors ? [`${r.errors} other errors, first: ${r.firstError}`] : []),
  ];
  return {
    metric,
    value: r.deliveriesPerSecond,
    unit: 'deliveries/s',
    latency: { p50Ms: r.p50Ms, p99Ms: r.p99Ms },
    ...(ceiling
      ? {
          ceiling: {
            value: ceiling.deliveriesPerSecond,
            what: `bare ws broadcast (p50 ${ceiling.p50Ms} ms, p99 ${ceiling.p99Ms} ms)`,
            minRatio,
          },
        }
      : {}),
    failures: r.expected - r.delivered + (notices - r.tipNotices),
    note: notes.join('; '),
  };
};

/**
 * Each tip the viewers were told of is in the ledger, no more tips than were sent, and the ledger
 * balances; throws when not. (A tip stored but never announced is a lost delivery, counted as such.)
 */
async function checkChatTips(server: RunningServer, r: FanoutResult): Promise<string> {
  const { db, close } = openServerDatabase(server);
  try {
    const problems = ledgerProblems(await auditLedger(db));
    const stored = (await entryKeys(db, 'stream_tip')).size;
    if (stored < r.tipsSeen || stored > r.tipped)
      problems.push(`${stored} chat tips in the ledger: ${r.tipsSeen} were announced to viewers, ${r.tipped} sent`);
    if (problems.length) throw new Error(`ledger invariants broken after the chat tips:\n  ${problems.join('\n  ')}`);
    return `${stored} chat tips in the ledger, which balances`;
  } finally {
    await close();
  }
}

/**
 * Chat fan-out: 1 stream, 2,000 sockets, 50 messages/s for 20 s; again with one message in ten
 * carrying a tip; then the plain run over two processes and Redis.
 */
export const chatFanoutScenario: Scenario = {
  name: 'chat',
  description:
    `live chat fan-out: ${VIEWERS} sockets, ${RATE} messages/s for ${SECONDS} s, then with 1 message in ${TIP_EVERY} ` +
    'tipping (server in its own process)',
  async run(): Promise<Figure[]> {
    const figures: Figure[] = [];
    const options = { viewers: VIEWERS, messagesPerSecond: RATE, seconds: SECONDS };

    const bare = await bareBroadcastServer();
    let ceiling: FanoutResult;
    try {
      ceiling = await runFanout({
        ...options,
        viewerUrls: [bare.url],
        senderUrls: Array.from({ length: SENDERS }, () => bare.url),
      });
    } finally {
      await bare.stop();
    }

    // every bench viewer comes from 127.0.0.1: lift the per-address socket limits meant for real networks
    const sockets = {
      WS_SOCKETS_PER_ADDRESS: String(VIEWERS + SENDERS),
      WS_UPGRADES_PER_MINUTE: String(10 * (VIEWERS + SENDERS)),
    };
    const a = await startServer({ LOG_LEVEL: 'error', NODE_ENV: 'production', JOBS_WORKER: 'false', ...sockets });
    const stopA = closeOnExit(() => a.stop());
    try {
      const { streamId, tokens } = await prepare(a);
      const path = `/ws/stream/${streamId}`;
      const one = await runFanout({
        ...options,
        viewerUrls: [`${ws(a)}${path}`],
        senderUrls: tokens.map((t) => `${ws(a)}${path}?token=${t}`),
      });
      figures.push(figure('one process', one, ceiling));

      const tipping = await runFanout({
        ...options,
        tipEvery: TIP_EVERY,
        tipAmount: TIP,
        viewerUrls: [`${ws(a)}${path}`],
        senderUrls: tokens.map((t) => `${ws(a)}${path}?token=${t}`),
      });
      const withTips = figure(`one process, 1 message in ${TIP_EVERY} with a tip`, tipping, ceiling, 0.7);
      withTips.note += `; ${await checkChatTips(a, tipping)}`;
      figures.push(withTips);

      // several processes share one database only on PostgreSQL (SQLite is the one-process deployment)
      if (process.env.REDIS_URL && process.env.DATABASE_URL) {
        const b = await startServer({
          ...a.joinEnv,
          LOG_LEVEL: 'error',
          NODE_ENV: 'production',
          JOBS_WORKER: 'false',
          ...sockets,
        });
        const stopB = closeOnExit(() => b.stop());
        try {
          const two = await runFanout({
            ...options,
            viewerUrls: [`${ws(a)}${path}`, `${ws(b)}${path}`],
            senderUrls: tokens.map((t, i) => `${ws(i % 2 ? b : a)}${path}?token=${t}`),
          });
          figures.push(figure('two processes over Redis', two, ceiling));
        } finally {
          await stopB();
        }
      } else {
        figures.push({
          metric: 'two processes over Redis',
          value: 0,
          unit: 'deliveries/s',
          note: 'skipped: set DATABASE_URL and REDIS_URL to measure',
        });
      }
    } finally {
      await stopA();
    }
    return figures;
  },
};
