import { benchSeconds } from './lib/load.ts';
import { profileScenario } from './scenarios/profile.ts';
import type { Scenario } from './scenarios/scenario.ts';

const scenarios: Scenario[] = [profileScenario];

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(10);

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length) throw new Error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${scenarios.map((s) => s.name).join(', ')}`);
  const chosen = names.length ? scenarios.filter((s) => names.includes(s.name)) : scenarios;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`Tarang bench: ${chosen.length} scenario(s), ${benchSeconds()} s each, 50 connections, ${database}\n`);
  console.log(`${'scenario'.padEnd(12)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'ceiling'.padStart(10)}${'ratio'.padStart(10)}${'errors'.padStart(10)}`);
  for (const scenario of chosen) {
    const { result, ceiling } = await scenario.run();
    const ratio = result.requestsPerSecond / ceiling.requestsPerSecond;
    console.log(
      `${scenario.name.padEnd(12)}${fmt(result.requestsPerSecond)}${fmt(result.p50Ms, 1)}${fmt(result.p99Ms, 1)}${fmt(ceiling.requestsPerSecond)}${fmt(ratio, 3)}${fmt(result.errors + result.non2xx)}`,
    );
    console.log(`  ${scenario.description}; ceiling: bare Fastify hello-world, same run`);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
