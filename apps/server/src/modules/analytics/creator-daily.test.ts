import { DailyLimits, type CreatorDaily } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOffset = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe.each(testDialects)('creator analytics per day on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const daily = (token?: string, query = '') =>
    t.app.inject({ url: `/api/analytics/creator/daily${query}`, headers: token ? bearer(token) : {} });
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

  it("fills every UTC day of the range with the caller's own views, likes, tokens, followers and comments", async () => {
    const creator = await signInWithWallet(t.app);
    const other = await signInWithWallet(t.app);
    const fans = [await signUpByEmail(t.app), await signUpByEmail(t.app)];
    const video = await insertVideo(t.ctx.db, creator.user.id);
    const clip = await insertClip(t.ctx.db, creator.user.id, video.id);
    const theirs = await insertVideo(t.ctx.db, other.user.id);
    for (const fan of fans) {
      await post(`/api/videos/${video.id}/view`, fan.access_token);
      await post(`/api/videos/${theirs.id}/view`, fan.access_token);
      await post(`/api/videos/${theirs.id}/like`, fan.access_token);
      await post('/api/subscribe', fan.access_token, { creator_wallet: other.user.wallet_address });
      await post(`/api/videos/${theirs.id}/comments`, fan.access_token, { text: 'not for the creator' });
    }
    await post(`/api/clips/${clip.id}/view`, fans[0]!.access_token);
    await post(`/api/videos/${video.id}/like`, fans[0]!.access_token);
    await post(`/api/clips/${clip.id}/like`, fans[1]!.access_token);
    await post('/api/subscribe', fans[0]!.access_token, { creator_wallet: creator.user.wallet_address });
    expect((await post(`/api/videos/${video.id}/comments`, fans[1]!.access_token, { text: 'Lovely' })).statusCode).toBe(
      201,
    );
    expect((await post(`/api/clips/${clip.id}/comments`, fans[0]!.access_token, { text: 'Nice cut' })).statusCode).toBe(
      201,
    );
    // One view happened three days ago, one forty days ago: it shows on its own day, or not at all.
    const views = await t.ctx.db.selectFrom('video_views').select('id').where('video_id', '=', video.id).execute();
    await t.ctx.db
      .updateTable('video_views')
      .set({ created_at: dayOffset(3) })
      .where('id', '=', views[0]!.id)
      .execute();
    await t.ctx.db
      .updateTable('video_views')
      .set({ created_at: dayOffset(40) })
      .where('id', '=', views[1]!.id)
      .execute();

    const res = await daily(creator.access_token);
    expect(res.statusCode).toBe(200);
    const { days } = res.json<CreatorDaily>();
    expect(days).toHaveLength(DailyLimits.defaultDays);
    expect(days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    for (let i = 1; i < days.length; i++)
      expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(DAY_MS);
    const today = days.at(-1)!;
    // the clip's view (the video's moved away); 0.1 token per counted video view, 1 per video like, 0.5 per clip like
    expect(today).toMatchObject({ views: 1, likes: 2, new_followers: 1, comments: 2 });
    expect(Number.isInteger(today.tokens_earned)).toBe(true);
    expect(today.tokens_earned).toBe(200_000 + 1_000_000 + 500_000);
    expect(days.at(-4)).toMatchObject({ views: 1, likes: 0, comments: 0 });
    expect(days.reduce((n, d) => n + d.views, 0)).toBe(2);

    const ninety = (await daily(creator.access_token, '?days=90')).json<CreatorDaily>().days;
    expect(ninety).toHaveLength(90);
    expect(ninety.reduce((n, d) => n + d.views, 0)).toBe(3);
    expect((await daily(creator.access_token, '?days=1')).json<CreatorDaily>().days).toEqual([today]);

    // someone with no content sees zeros, never another creator's numbers
    const stranger = await signUpByEmail(t.app);
    const empty = (await daily(stranger.access_token, '?days=7')).json<CreatorDaily>().days;
    expect(empty).toHaveLength(7);
    expect(empty.every((d) => d.views + d.likes + d.tokens_earned + d.new_followers + d.comments === 0)).toBe(true);
  });

  it('refuses a bad range with a clear 400 and a stranger with 401', async () => {
    const creator = await signInWithWallet(t.app);
    const refused = {
      '0': 'too_small',
      '-5': 'too_small',
      '91': 'too_big',
      '1000': 'too_big',
      '1e9': 'too_big',
      abc: 'invalid_value',
      '2.5': 'invalid_value',
    };
    for (const [days, code] of Object.entries(refused)) {
      const res = await daily(creator.access_token, `?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json(), days).toMatchObject({ code, field: 'days' });
    }
    expect((await daily(creator.access_token, '?days=1&days=2')).statusCode).toBe(400);
    const anonymous = await daily();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('sign_in_required');
    expect((await daily('not-a-session')).statusCode).toBe(401);
  });
});
