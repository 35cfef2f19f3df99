import { benchSeconds } from './lib/load.ts';
import { feedScenario } from './scenarios/feed.ts';
import { profileScenario } from './scenarios/profile.ts';
import type { Figure, Scenario } from './scenarios/scenario.ts';
import { uploadScenario } from './scenarios/upload.ts';

const scenarios: Scenario[] = [profileScenario, feedScenario, uploadScenario];

const num = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));

function line(f: Figure): string {
  let out = `  ${f.metric.padEnd(28)} ${num(f.value).padStart(10)} ${f.unit}`;
  if (f.ceiling) out += `   ceiling ${num(f.ceiling.value)} (${f.ceiling.what}), ratio ${(f.value / f.ceiling.value).toFixed(3)}`;
  if (f.target) out += `   target ≤ ${f.target.max} (${f.target.what}): ${f.value <= f.target.max ? 'met' : 'MISSED'}`;
  if (f.note) out += `   [${f.note}]`;
  return out;
}

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length) throw new Error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${scenarios.map((s) => s.name).join(', ')}`);
  const chosen = names.length ? scenarios.filter((s) => names.includes(s.name)) : scenarios;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`Tarang bench on ${database}: load runs ${benchSeconds()} s with 50 connections; ceilings are measured in this run.\n`);
  for (const scenario of chosen) {
    console.log(`${scenario.name}: ${scenario.description}`);
    for (const figure of await scenario.run()) console.log(line(figure));
    console.log('');
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
