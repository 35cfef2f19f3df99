import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { signUpByEmail } from '../../testing/test-users.ts';
import { down, up } from './20261128-0022-history-and-search.ts';

describe.each(testDialects)('migration 0022 on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const search = async (q: string) =>
    (await t.app.inject({ url: `/api/videos?q=${q}` })).json<{ videos: { id: string }[] }>().videos.map((v) => v.id);

  it('indexes the videos stored before it, and goes down and up again', async () => {
    const creator = await signUpByEmail(t.app);
    const at = new Date().toISOString();
    const id = newId();
    // stored as a video was before the index existed: no words
    await t.ctx.db
      .insertInto('videos')
      .values({
        id,
        creator_id: creator.user.id,
        title: 'Colour grading',
        description: 'Focal length',
        category: 'Education',
        tags: '["lenses"]',
        cid: `bafkrei${newId(52).toLowerCase()}`,
        size_bytes: 1000,
        content_type: 'video/mp4',
        duration_ms: 4000,
        width: 640,
        height: 360,
        thumbnail_cid: null,
        thumbnail_sizes: null,
        hls_path: null,
        status: 'ready',
        failure: null,
        views: 0,
        likes: 0,
        comment_count: 0,
        comments_enabled: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect(await search('colour')).toEqual([]);
    const db = t.ctx.db as unknown as Kysely<unknown>;
    await down(db);
    await up(db);
    expect(await search('color')).toEqual([id]);
    expect(await search('lenght%20lense')).toEqual([id]);
  });
});
