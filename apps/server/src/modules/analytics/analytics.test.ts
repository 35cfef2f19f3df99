import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

describe.each(testDialects)('creator analytics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('computes views, engagement and earnings from real events', async () => {
    const creator = await signInWithWallet(t.app);
    const viewers = [await signUpByEmail(t.app), await signUpByEmail(t.app)];
    const a = await insertVideo(t.ctx.db, creator.user.id, { title: 'Popular' });
    const b = await insertVideo(t.ctx.db, creator.user.id, { title: 'Quiet' });
    for (const v of viewers)
      await t.app.inject({ method: 'POST', url: `/api/videos/${a.id}/view`, headers: bearer(v.access_token) });
    await t.app.inject({ method: 'POST', url: `/api/videos/${b.id}/view`, headers: bearer(viewers[0]!.access_token) });
    await t.app.inject({ method: 'POST', url: `/api/videos/${a.id}/like`, headers: bearer(viewers[1]!.access_token) });
    await t.app.inject({
      method: 'POST',
      url: `/api/videos/${a.id}/tip`,
      payload: { amount: 2 },
      headers: bearer(viewers[0]!.access_token),
    });

    const res = (await t.app.inject({ url: '/api/analytics/creator', headers: bearer(creator.access_token) })).json();
    expect(res.overview).toMatchObject({
      total_views: 3,
      total_videos: 2,
      total_content: 2,
      total_likes: 1,
      engagement_rate: 33.3,
    });
    expect(res.performance.top_videos.map((v: { title: string }) => v.title)).toEqual(['Popular', 'Quiet']);
    expect(res.performance.recent_views_30d).toBe(3);
    // 3 views × 0.1 + 1 like + 2 tip = 3.3 tokens; the welcome bonus is not earnings
    expect(res.revenue).toEqual({ total_earned: 3.3, avg_per_video: 1.7, estimated_monthly: 3.3 });
    expect((await t.app.inject({ url: '/api/analytics/creator' })).statusCode).toBe(401);
  });

  it("counts the creator's ready clips, their views and likes, and what they earned", async () => {
    const creator = await signInWithWallet(t.app);
    const fan = await signUpByEmail(t.app);
    const video = await insertVideo(t.ctx.db, creator.user.id, { duration_ms: 60_000 });
    await t.app.inject({
      method: 'POST',
      url: '/api/clips/create',
      headers: bearer(creator.access_token),
      payload: { title: 'Cut', start_time: 0, duration: 10, source_video_id: video.id },
    });
    const hit = await insertClip(t.ctx.db, creator.user.id, video.id, { title: 'Hit', views: 9 });
    await insertClip(t.ctx.db, creator.user.id, video.id, { title: 'Being cut', status: 'processing' });
    await t.app.inject({ method: 'POST', url: `/api/clips/${hit.id}/like`, headers: bearer(fan.access_token) });

    const res = (await t.app.inject({ url: '/api/analytics/creator', headers: bearer(creator.access_token) })).json();
    expect(res.overview).toMatchObject({
      total_videos: 1,
      total_clips: 1,
      total_content: 2,
      total_views: 9,
      total_likes: 1,
    });
    expect(res.performance.top_clips).toEqual([{ id: hit.id, title: 'Hit', views: 9 }]);
    // 5 for creating a clip (the one still being cut earned it too) + 0.5 for the like
    expect(res.revenue.total_earned).toBe(5.5);
  });
});
