import { Rewards, microToTokens } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';

/** Attack: a clip costs nothing to make, and each one paid 5 tokens. */
describe.each(testDialects)('clip rewards under attack on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOBS_WORKER: 'false' });
  });
  afterAll(() => t.close());

  it('pays the creation reward for the first clips of a day only, even when they are made at once', async () => {
    const owner = await signUpByEmail(t.app);
    const clipper = await signUpByEmail(t.app);
    const v = await insertVideo(t.ctx.db, owner.user.id, { duration_ms: 60_000 });
    const create = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/clips/create',
        payload: {
          title: `Moment ${i}`,
          description: '',
          start_time: i,
          duration: 10,
          tags: [],
          source_video_id: v.id,
        },
        headers: bearer(clipper.access_token),
      });
    const made = await Promise.all(Array.from({ length: Rewards.clipCreateDailyLimit + 8 }, (_, i) => create(i)));
    expect(made.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    const tokens = (await t.app.inject({ url: '/api/user/profile', headers: bearer(clipper.access_token) })).json()
      .total_tokens;
    expect(tokens).toBe(100 + microToTokens(Rewards.clipCreateDailyLimit * Rewards.clipCreate));
  });
});
