import { insertVideo } from '../../../apps/server/src/testing/fixtures.ts';
import { helloWorldCeiling } from '../lib/ceiling.ts';
import { loadFigures, measure } from '../lib/load.ts';
import { seedUsers } from '../lib/seed.ts';
import { withBenchServer } from '../lib/server.ts';
import type { Scenario } from './scenario.ts';

const VIDEOS = 5000;
const CATEGORIES = ['Education', 'Music', 'Gaming', 'News', 'Technology'];

/** The home feed: a page of 12 ready videos with creators and ledger-derived earnings. */
export const feedScenario: Scenario = {
  name: 'feed',
  description: `GET /api/videos?limit=12&sort=recent among ${VIDEOS} videos`,
  async run() {
    const result = await withBenchServer(async (server) => {
      const [creatorId] = await seedUsers(server.ctx, 1, 'bench_creator');
      const start = Date.parse('2026-01-01T00:00:00Z');
      await server.ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < VIDEOS; i++) {
          await insertVideo(trx, creatorId!, {
            title: `Bench video ${i}`,
            category: CATEGORIES[i % CATEGORIES.length]!,
            views: (i * 7919) % 10_000,
            created_at: new Date(start + i * 60_000).toISOString(),
          });
        }
      });
      const url = `${server.url}/api/videos?limit=12&offset=0&sort=recent`;
      const check = (await (await fetch(url)).json()) as { videos?: unknown[] };
      if (check.videos?.length !== 12) throw new Error(`feed check failed: ${JSON.stringify(check).slice(0, 200)}`);
      return measure(url);
    });
    return loadFigures(result, await helloWorldCeiling());
  },
};
