import { insertVideo } from '../../../apps/server/src/testing/fixtures.ts';
import { createUser } from '../../../apps/server/src/modules/users/users.service.ts';
import { helloWorldCeiling } from '../lib/ceiling.ts';
import { loadFigure, measure } from '../lib/load.ts';
import { startBenchServer } from '../lib/server.ts';
import type { Scenario } from './scenario.ts';

const VIDEOS = 5000;
const CATEGORIES = ['Education', 'Music', 'Gaming', 'News', 'Technology'];

/** The home feed: a page of 12 ready videos with creators and ledger-derived earnings. */
export const feedScenario: Scenario = {
  name: 'feed',
  description: `GET /api/videos?limit=12&sort=recent on ${VIDEOS} videos`,
  async run() {
    const server = await startBenchServer();
    try {
      const creator = await server.ctx.db.transaction().execute((trx) => createUser(trx, { username: 'bench_creator', email: 'creator@bench.invalid', role: 'user' }));
      const start = Date.parse('2026-01-01T00:00:00Z');
      for (let i = 0; i < VIDEOS; i++) {
        await insertVideo(server.ctx.db, creator.id, {
          title: `Bench video ${i}`,
          category: CATEGORIES[i % CATEGORIES.length]!,
          views: (i * 7919) % 10_000,
          created_at: new Date(start + i * 60_000).toISOString(),
        });
      }
      const url = `${server.url}/api/videos?limit=12&offset=0&sort=recent`;
      const check = (await (await fetch(url)).json()) as { videos: unknown[] };
      if (check.videos.length !== 12) throw new Error('feed check failed');
      return loadFigure('feed req/s', await measure(url), await helloWorldCeiling());
    } finally {
      await server.close();
    }
  },
};
