import type { ApiErrorBody, AuthResponse, Clip, Stream, Video } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertEndedStream, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

describe.each(testDialects)('a profile’s videos, clips and streams on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let other: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signInWithWallet(t.app);
    other = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, who?: AuthResponse) =>
    t.app.inject({ method: 'GET', url, headers: who ? bearer(who.access_token) : {} });
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

  it('pages the videos newest first; the creator also sees those processing or failed', async () => {
    const id = creator.user.id;
    const ready = [];
    for (let i = 0; i < 5; i++) ready.push(await insertVideo(t.ctx.db, id, { created_at: at(100 - i) }));
    const processing = await insertVideo(t.ctx.db, id, { status: 'processing', created_at: at(1) });
    await insertVideo(t.ctx.db, other.user.id);
    const page = async (query: string, who?: AuthResponse) =>
      (await get(`/api/users/${id}/videos${query}`, who)).json<{ videos: Video[] }>().videos.map((v) => v.id);
    const newest = ready.map((v) => v.id).reverse();
    expect(await page('?limit=3')).toEqual(newest.slice(0, 3));
    expect(await page('?limit=3&offset=3')).toEqual(newest.slice(3));
    expect(await page('?limit=3', other)).toEqual(newest.slice(0, 3));
    expect(await page('?limit=3', creator)).toEqual([processing.id, ...newest.slice(0, 2)]);
    expect(await page('', creator)).toHaveLength(6);
  });

  it('pages the clips; one still being cut only for its creator', async () => {
    const video = await insertVideo(t.ctx.db, other.user.id);
    const clip = await insertClip(t.ctx.db, creator.user.id, video.id);
    const cutting = await insertClip(t.ctx.db, creator.user.id, video.id, { status: 'processing' });
    const list = async (who?: AuthResponse) =>
      (await get(`/api/users/${creator.user.id}/clips`, who)).json<{ clips: Clip[] }>().clips.map((c) => c.id);
    expect(await list()).toEqual([clip.id]);
    expect(await list(other)).toEqual([clip.id]);
    expect((await list(creator)).sort()).toEqual([clip.id, cutting.id].sort());
    expect(await list(other)).not.toContain(cutting.id);
  });

  it('lists the streams that went on air, never one created and not started', async () => {
    const ended = await insertEndedStream(t.ctx.db, creator.user.id, { started_at: at(60), created_at: at(60) });
    await insertEndedStream(t.ctx.db, creator.user.id, { status: 'created', started_at: null, ended_at: null });
    const streams = (await get(`/api/users/${creator.user.id}/streams`)).json<{ streams: Stream[] }>().streams;
    expect(streams.map((s) => s.id)).toEqual([ended.id]);
  });

  it('shows anyone a public profile, never the email or balance', async () => {
    for (const ref of [other.user.id, creator.user.wallet_address!.toLowerCase()]) {
      const res = await get(`/api/users/${ref}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['created_at', 'id', 'username', 'wallet_address']);
    }
    expect((await get(`/api/users/${other.user.id}`)).json()).toMatchObject({ username: other.user.username });
    expect((await get('/api/users/nobody')).json<ApiErrorBody>().code).toBe('user_not_found');
  });

  it('answers bad ids and pages with clear 4xx, never 500', async () => {
    for (const kind of ['videos', 'clips', 'streams']) {
      const unknown = await get(`/api/users/nobody/${kind}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ApiErrorBody>().code).toBe('user_not_found');
      expect((await get(`/api/users/0x${'0'.repeat(40)}/${kind}`)).statusCode).toBe(404);
      expect((await get(`/api/users/${'x'.repeat(65)}/${kind}`)).statusCode).toBe(400);
      for (const query of ['limit=0', 'limit=1000', 'offset=-1', 'limit=abc', 'offset=1e9'])
        expect((await get(`/api/users/${creator.user.id}/${kind}?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get(`/api/users/${creator.user.id}/streams?status=live`)).statusCode).toBe(400);
  });
});
