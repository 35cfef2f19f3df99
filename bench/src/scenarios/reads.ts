import type { Db } from '../../../apps/server/src/db/database.ts';
import { insertClip, insertEndedStream, insertVideo } from '../../../apps/server/src/testing/fixtures.ts';
import { measureAgainstHelloWorld } from '../lib/ceiling.ts';
import { loadFigures } from '../lib/load.ts';
import { seedUsers, signUp } from '../lib/seed.ts';
import { withBenchServer } from '../lib/server.ts';
import type { Figure, Scenario } from './scenario.ts';

const USERS = 1000;
const VIDEOS = 5000;
const STREAMS = 300;
const CLIPS = 1000;
const CATEGORIES = ['Education', 'Music', 'Gaming', 'News', 'Technology'];

/** A site with some history: users with their welcome bonus, videos, ended streams and clips. */
async function seed(db: Db): Promise<void> {
  const creators = await seedUsers(db, USERS, 'bench_creator');
  const start = Date.parse('2026-01-01T00:00:00Z');
  const at = (i: number) => new Date(start + i * 60_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const videoIds: string[] = [];
    for (let i = 0; i < VIDEOS; i++) {
      const video = await insertVideo(trx, creators[i % creators.length]!, {
        title: `Bench video ${i}`,
        category: CATEGORIES[i % CATEGORIES.length]!,
        views: (i * 7919) % 10_000,
        created_at: at(i),
      });
      videoIds.push(video.id);
    }
    for (let i = 0; i < STREAMS; i++)
      await insertEndedStream(trx, creators[i % creators.length]!, { title: `Bench stream ${i}`, created_at: at(i) });
    for (let i = 0; i < CLIPS; i++)
      await insertClip(trx, creators[i % creators.length]!, videoIds[i]!, {
        title: `Bench clip ${i}`,
        created_at: at(i),
      });
  });
}

interface Read {
  metric: string;
  path: string;
  minRatio: number;
  p99MaxMs?: number;
  signedIn?: boolean;
  /** what a right answer looks like: the bench measures only routes that answer what they should */
  check(body: unknown): boolean;
}

const length = (key: string, n: number) => (body: unknown) => (body as Record<string, unknown[]>)[key]?.length === n;

/** The most requested reads, each against a bare Fastify hello-world measured in turns with it. */
export const readsScenario: Scenario = {
  name: 'reads',
  description: `hot reads among ${VIDEOS} videos, ${STREAMS} streams, ${CLIPS} clips and ${USERS} users`,
  async run() {
    const figures: Figure[] = [];
    await withBenchServer(
      async (server) => {
        const me = await signUp(server.url, 'bench-reader@example.com');
        const { videos } = (await (await fetch(`${server.url}/api/videos?limit=1`)).json()) as {
          videos: { id: string }[];
        };
        const reads: Read[] = [
          {
            metric: 'GET /api/videos?limit=12 (home feed, anonymous)',
            path: '/api/videos?limit=12',
            minRatio: 0.5,
            p99MaxMs: 25,
            check: length('videos', 12),
          },
          {
            metric: 'GET /api/videos?limit=12 (home feed, signed in)',
            path: '/api/videos?limit=12',
            minRatio: 0.5,
            signedIn: true,
            check: length('videos', 12),
          },
          {
            metric: 'GET /api/videos/{id}',
            path: `/api/videos/${videos[0]!.id}`,
            minRatio: 0.5,
            check: (b) => (b as { id?: string }).id === videos[0]!.id,
          },
          {
            metric: 'GET /api/streams?status=all',
            path: '/api/streams?status=all',
            minRatio: 0.5,
            check: (b) => ((b as { streams?: unknown[] }).streams?.length ?? 0) > 0,
          },
          {
            metric: 'GET /api/clips',
            path: '/api/clips',
            minRatio: 0.5,
            check: (b) => ((b as { clips?: unknown[] }).clips?.length ?? 0) > 0,
          },
          {
            metric: 'GET /healthz',
            path: '/healthz',
            minRatio: 0.7,
            check: (b) => (b as { status?: string }).status === 'ok',
          },
          {
            metric: 'GET /api/user/profile (signed in)',
            path: '/api/user/profile',
            minRatio: 0.35,
            signedIn: true,
            check: (b) => (b as { id?: string }).id === me.userId,
          },
        ];
        for (const read of reads) {
          const url = server.url + read.path;
          const headers: Record<string, string> = read.signedIn ? { authorization: `Bearer ${me.token}` } : {};
          const res = await fetch(url, { headers });
          const body: unknown = await res.json();
          if (res.status !== 200 || !read.check(body))
            throw new Error(`${read.metric}: check failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
          console.log(`  … ${read.metric}`);
          const { result, ceiling } = await measureAgainstHelloWorld(url, headers);
          figures.push(...loadFigures(result, ceiling, read));
        }
      },
      { seed },
    );
    return figures;
  },
};
