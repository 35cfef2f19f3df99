import { helloWorldCeiling } from '../lib/ceiling.ts';
import { loadFigures, measure } from '../lib/load.ts';
import { seedUsers, signUp } from '../lib/seed.ts';
import { withBenchServer } from '../lib/server.ts';
import type { Scenario } from './scenario.ts';

const USERS = 1000;

/** GET /api/user/profile with a bearer token: session lookup, user row and ledger balance per request. */
export const profileScenario: Scenario = {
  name: 'profile',
  description: `GET /api/user/profile, authenticated, among ${USERS} users`,
  async run() {
    const result = await withBenchServer(async (server) => {
      await seedUsers(server.ctx, USERS - 1);
      const me = await signUp(server.url, 'bench-profile@example.com');
      const url = `${server.url}/api/user/profile`;
      const headers = { authorization: `Bearer ${me.token}` };
      // Measure only a route that answers what it should.
      const check = await fetch(url, { headers });
      const body = (await check.json()) as { id?: string; total_tokens?: number };
      if (check.status !== 200 || body.id !== me.userId || body.total_tokens !== 100)
        throw new Error(`profile check failed: ${check.status} ${JSON.stringify(body)}`);
      return measure(url, headers);
    });
    return loadFigures(result, await helloWorldCeiling());
  },
};
