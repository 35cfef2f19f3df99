import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@app/shared';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

describe.each(testDialects)('videos on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let viewer: AuthResponse;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signInWithWallet(t.app);
    viewer = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
  const post = (url: string, token?: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...(token ? bearer(token) : {}), ...headers } });
  const balance = async (token: string) => (await get('/api/user/profile', token)).json().total_tokens as number;
  const video = (overrides = {}) => insertVideo(t.ctx.db, creator.user.id, overrides);

  describe('feeds', () => {
    it('lists ready videos newest first, by views, by category (any case), with a capped limit', async () => {
      const a = await video({
        title: 'Old music',
        category: 'Music',
        views: 50,
        created_at: '2026-01-01T00:00:00.000Z',
      });
      const b = await video({
        title: 'New music',
        category: 'Music',
        views: 5,
        created_at: '2026-02-01T00:00:00.000Z',
      });
      await video({ title: 'Still processing', category: 'Music', status: 'processing' });
      const recent = (await get('/api/videos?category=music')).json().videos.map((v: { id: string }) => v.id);
      expect(recent).toEqual([b.id, a.id]);
      const byViews = (await get('/api/videos?category=MUSIC&sort=views'))
        .json()
        .videos.map((v: { id: string }) => v.id);
      expect(byViews).toEqual([a.id, b.id]);
      expect((await get('/api/videos?limit=1000')).statusCode).toBe(400);
      expect((await get('/api/videos?sort=random')).statusCode).toBe(400);
    });

    it('pages with limit and offset in a stable order', async () => {
      for (let i = 0; i < 5; i++) await video({ category: 'Sports', created_at: '2026-03-01T00:00:00.000Z' });
      const all = (await get('/api/videos?category=sports&limit=5')).json().videos.map((v: { id: string }) => v.id);
      const page1 = (await get('/api/videos?category=sports&limit=2&offset=0'))
        .json()
        .videos.map((v: { id: string }) => v.id);
      const page2 = (await get('/api/videos?category=sports&limit=2&offset=2'))
        .json()
        .videos.map((v: { id: string }) => v.id);
      expect([...page1, ...page2]).toEqual(all.slice(0, 4));
    });

    it('searches title, description and tags by word prefix', async () => {
      const v = await video({
        title: 'Kathakali basics',
        description: 'Dance drama of Kerala',
        tags: JSON.stringify(['classical', 'dance']),
      });
      for (const q of ['kathak', 'KERALA', 'classical dance', 'drama kath']) {
        expect(
          (await get(`/api/videos?q=${encodeURIComponent(q)}`)).json().videos.map((x: { id: string }) => x.id),
        ).toEqual([v.id]);
      }
      expect((await get('/api/videos?q=bharatanatyam')).json().videos).toEqual([]);
      expect((await get(`/api/videos?q=${encodeURIComponent('"*) OR 1=1 --')}`)).statusCode).toBe(200);
    });

    it('shows a processing video only to its creator, and 404s the rest', async () => {
      const v = await video({ status: 'processing' });
      expect((await get(`/api/videos/${v.id}`)).json()).toEqual({ detail: 'Video Not Found', code: 'video_not_found' });
      expect((await get(`/api/videos/${v.id}`, creator.access_token)).json().status).toBe('processing');
      expect(
        (await get('/api/user/videos', creator.access_token)).json().videos.some((x: { id: string }) => x.id === v.id),
      ).toBe(true);
      expect((await get('/api/videos/nope')).statusCode).toBe(404);
    });
  });

  describe('engagement', () => {
    it('counts one view per viewer per 24 h and pays the creator 0.1 for it', async () => {
      const v = await video();
      const before = await balance(creator.access_token);
      const results = await Promise.all([1, 2, 3].map(() => post(`/api/videos/${v.id}/view`, viewer.access_token)));
      expect(results.filter((r) => r.json().counted)).toHaveLength(1);
      await post(`/api/videos/${v.id}/view`); // an anonymous viewer counts too
      await post(`/api/videos/${v.id}/view`, creator.access_token); // the creator's own view does not
      const detail = (await get(`/api/videos/${v.id}`)).json();
      expect(detail.views).toBe(2);
      expect(detail.tokens_earned).toBe(0.2);
      expect(await balance(creator.access_token)).toBeCloseTo(before + 0.2, 6);
      // 25 h later the same viewer counts again
      await t.ctx.db
        .updateTable('video_view_windows')
        .set({ counted_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
        .where('video_id', '=', v.id)
        .execute();
      expect((await post(`/api/videos/${v.id}/view`, viewer.access_token)).json()).toEqual({ counted: true, views: 3 });
    });

    it('likes once per user, pays 1 token once, and unlike does not claw back', async () => {
      const v = await video();
      const before = await balance(creator.access_token);
      const likes = await Promise.all([1, 2].map(() => post(`/api/videos/${v.id}/like`, viewer.access_token)));
      expect(likes.map((r) => r.json().likes)).toContain(1);
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/videos/${v.id}/like`,
            headers: bearer(viewer.access_token),
          })
        ).json(),
      ).toEqual({ liked: false, likes: 0 });
      expect((await post(`/api/videos/${v.id}/like`, viewer.access_token)).json()).toEqual({ liked: true, likes: 1 });
      expect(await balance(creator.access_token)).toBeCloseTo(before + 1, 6);
      expect((await post(`/api/videos/${v.id}/like`)).statusCode).toBe(401);
    });

    it('tips: validates the amount, refuses short balances and self-tips, and a retried request pays once', async () => {
      const v = await video();
      const tip = (amount: unknown, token = viewer.access_token, key?: string) =>
        post(`/api/videos/${v.id}/tip`, token, { video_id: v.id, amount }, key ? { 'idempotency-key': key } : {});
      for (const bad of [0, -1, 0.05, 'ten', null]) {
        const res = await tip(bad);
        expect(res.statusCode).toBe(400);
      }
      expect((await tip(0)).json().detail).toContain('Please enter a valid tip amount');
      const short = await tip(100.1);
      expect(short.json()).toEqual({ detail: 'Insufficient token balance', code: 'insufficient_funds' });
      expect((await tip(1, creator.access_token)).json().detail).toBe('You cannot tip your own video');

      const creatorBefore = await balance(creator.access_token);
      const viewerBefore = await balance(viewer.access_token);
      const doubleClick = await Promise.all([
        tip(2.5, viewer.access_token, 'tip-attempt-0001'),
        tip(2.5, viewer.access_token, 'tip-attempt-0001'),
      ]);
      expect(doubleClick.every((r) => r.statusCode === 200)).toBe(true);
      expect(await balance(viewer.access_token)).toBeCloseTo(viewerBefore - 2.5, 6);
      expect(await balance(creator.access_token)).toBeCloseTo(creatorBefore + 2.5, 6);
      expect((await get(`/api/videos/${v.id}`)).json().tokens_earned).toBe(2.5);
      const received = (await get('/api/user/tips', creator.access_token)).json().tips;
      expect(received[0]).toMatchObject({
        amount: 2.5,
        from_username: viewer.user.username,
        video_id: v.id,
        video_title: v.title,
      });
      expect((await get('/api/user/tips')).statusCode).toBe(401);
    });
  });

  describe('follows', () => {
    it('follows by wallet or id, refuses self-follow, and feeds subscriptions', async () => {
      const wallet = creator.user.wallet_address!;
      const v = await video({ title: 'For followers' });
      expect((await post('/api/subscribe', creator.access_token, { creator_wallet: wallet })).json().detail).toBe(
        'You cannot follow yourself',
      );
      expect((await get(`/api/subscription-status/${wallet}`, viewer.access_token)).json()).toEqual({
        is_following: false,
      });
      expect((await get('/api/subscriptions/videos', viewer.access_token)).json().videos).toEqual([]);
      expect(
        (await post('/api/subscribe', viewer.access_token, { creator_wallet: wallet.toLowerCase() })).json(),
      ).toEqual({ is_following: true });
      expect((await get(`/api/subscription-status/${creator.user.id}`, viewer.access_token)).json()).toEqual({
        is_following: true,
      });
      expect(
        (await get('/api/subscriptions/videos', viewer.access_token)).json().videos.map((x: { id: string }) => x.id),
      ).toContain(v.id);
      const off = await t.app.inject({
        method: 'DELETE',
        url: `/api/subscribe/${wallet}`,
        headers: bearer(viewer.access_token),
      });
      expect(off.json()).toEqual({ is_following: false });
      expect(
        (
          await post('/api/subscribe', viewer.access_token, {
            creator_wallet: '0x0000000000000000000000000000000000000001',
          })
        ).statusCode,
      ).toBe(404);
      expect((await get(`/api/subscription-status/${wallet}`)).statusCode).toBe(401);
    });
  });
});
