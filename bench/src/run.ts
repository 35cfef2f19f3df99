import { closeAll } from './lib/cleanup.ts';
import { flushDirtyPages } from './lib/disk.ts';
import { CONNECTIONS, benchSeconds } from './lib/load.ts';
import { failed, renderTable, type Row } from './lib/table.ts';
import { chatFanoutScenario } from './scenarios/chat-fanout.ts';
import { firstLoadScenario } from './scenarios/first-load.ts';
import { ledgerScenario } from './scenarios/ledger.ts';
import { mediaScenario } from './scenarios/media.ts';
import { lighthouseScenario } from './scenarios/lighthouse.ts';
import { liveLatencyScenario } from './scenarios/live-latency.ts';
import { readsScenario } from './scenarios/reads.ts';
import type { Scenario } from './scenarios/scenario.ts';
import { uploadScenario } from './scenarios/upload.ts';
import { webrtcCapacityScenario } from './scenarios/webrtc-capacity.ts';

/** Every scenario, in the order `npm run bench` runs them; `npm run bench -- NAME…` picks some. */
const scenarios: Scenario[] = [
  readsScenario,
  firstLoadScenario,
  lighthouseScenario,
  uploadScenario,
  mediaScenario,
  liveLatencyScenario,
  webrtcCapacityScenario,
  chatFanoutScenario,
  ledgerScenario,
];

class UsageError extends Error {}

async function main(args: string[]): Promise<number> {
  const known = scenarios.map((s) => `  ${s.name.padEnd(16)} ${s.description}`).join('\n');
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`npm run bench [-- SCENARIO…]   (BENCH_DURATION=seconds, default 10)\n\n${known}`);
    return 0;
  }
  const unknown = args.filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length) throw new UsageError(`Unknown scenario(s): ${unknown.join(', ')}. Known scenarios:\n${known}`);
  const chosen = args.length ? scenarios.filter((s) => args.includes(s.name)) : scenarios;

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `Tarang bench on ${database}, loopback: read loads run ${benchSeconds()} s on ${CONNECTIONS} connections; ` +
      'other scenarios say their own load below.',
  );
  console.log('Each ceiling is measured in this run, in turns with (or right after) the figure it is compared with.\n');
  const rows: Row[] = [];
  for (const scenario of chosen) {
    console.log(`… ${scenario.name}: ${scenario.description}`);
    flushDirtyPages(); // each scenario starts from the same disk state, whatever ran before it
    for (const figure of await scenario.run()) rows.push({ scenario: scenario.name, ...figure });
  }
  console.log(`\n${renderTable(rows)}`);
  return rows.some(failed) ? 1 : 0;
}

process.once('SIGINT', () => {
  console.error('\nbench: interrupted, closing servers and databases');
  void closeAll().finally(() => process.exit(130));
});

main(process.argv.slice(2))
  .then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err instanceof UsageError ? err.message : err);
      process.exitCode = 1;
    },
  )
  .finally(async () => {
    await closeAll();
    // Everything is closed, so the process ends by itself; if something leaked, say what and end anyway.
    setTimeout(() => {
      console.error('bench: still running 5 s after the end; open handles:', process.getActiveResourcesInfo());
      process.exit(process.exitCode ?? 1);
    }, 5000).unref();
  });
