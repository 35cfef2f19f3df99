import { Rewards } from '@app/shared';
import { createSession } from '../../../apps/server/src/modules/sessions/sessions.service.ts';
import { createUser, freeUsername } from '../../../apps/server/src/modules/users/users.service.ts';
import { helloWorldCeiling } from '../lib/ceiling.ts';
import { loadFigure, measure } from '../lib/load.ts';
import { startBenchServer } from '../lib/server.ts';
import type { Scenario } from './scenario.ts';

const SEED_USERS = 1000;

/** GET /api/user/profile with a bearer token: session lookup, user row and ledger balance per request. */
export const profileScenario: Scenario = {
  name: 'profile',
  description: `GET /api/user/profile (authenticated) on a database of ${SEED_USERS} users`,
  async run() {
    const server = await startBenchServer();
    try {
      let token = '';
      for (let i = 0; i < SEED_USERS; i++) {
        const user = await server.ctx.db.transaction().execute(async (trx) =>
          createUser(trx, { username: await freeUsername(trx, `bench${i}`), email: `bench${i}@example.com`, role: 'user' }),
        );
        const session = await createSession(server.ctx.db, user.id, 3600_000);
        if (i === SEED_USERS / 2) token = session;
      }
      const check = await fetch(`${server.url}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await check.json()) as { total_tokens: number };
      if (check.status !== 200 || body.total_tokens * 1e6 !== Rewards.welcome) throw new Error(`profile check failed: ${check.status}`);
      const result = await measure(`${server.url}/api/user/profile`, { authorization: `Bearer ${token}` });
      return loadFigure('profile req/s', result, await helloWorldCeiling());
    } finally {
      await server.close();
    }
  },
};
