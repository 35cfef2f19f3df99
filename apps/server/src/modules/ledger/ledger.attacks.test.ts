import type { AuthResponse } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { sumOfBalancesByCurrency } from './ledger.repository.ts';

/** Attack: an idempotency key replayed with another request, hoping for the first answer or a second movement. */
describe.each(testDialects)('idempotency keys on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const tokens = async (who: AuthResponse) =>
    (await t.app.inject({ url: '/api/user/profile', headers: bearer(who.access_token) })).json<{
      total_tokens: number;
    }>().total_tokens;
  const tip = (who: AuthResponse, videoId: string, amount: number, key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/tip`,
      payload: { video_id: videoId, amount },
      headers: { ...bearer(who.access_token), 'idempotency-key': key },
    });

  it('replays a tip for the same request and answers 409 idempotency_mismatch for another amount or video', async () => {
    const creator = await signUpByEmail(t.app);
    const fan = await signUpByEmail(t.app);
    const [v, w] = await Promise.all([insertVideo(t.ctx.db, creator.user.id), insertVideo(t.ctx.db, creator.user.id)]);
    const first = await tip(fan, v.id, 2, 'tip-key-00000001');
    expect(first.statusCode, first.body).toBe(200);
    expect((await tip(fan, v.id, 2, 'tip-key-00000001')).json()).toMatchObject({ replayed: true, total_tokens: 98 });
    for (const [video, amount] of [
      [v.id, 50],
      [w.id, 2],
    ] as const) {
      const res = await tip(fan, video, amount, 'tip-key-00000001');
      expect([res.statusCode, res.json().code]).toEqual([409, 'idempotency_mismatch']);
    }
    expect([await tokens(fan), await tokens(creator)]).toEqual([98, 102]);
  });

  it('moves money once when one key races with different amounts', async () => {
    const creator = await signUpByEmail(t.app);
    const fan = await signUpByEmail(t.app);
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const results = await Promise.all([1, 2, 3, 1, 2, 3].map((amount) => tip(fan, v.id, amount, 'tip-race-00000001')));
    const applied = results.filter((r) => r.statusCode === 200 && !r.json().replayed);
    expect(applied).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.json().code === 'idempotency_mismatch')).toBe(true);
    const left = applied[0]!.json().total_tokens;
    expect([97, 98, 99]).toContain(left);
    expect([await tokens(fan), await tokens(creator)]).toEqual([left, 200 - left]);
    expect((await sumOfBalancesByCurrency(t.ctx.db)).get('TOKEN')).toBe(0);
  });
});
