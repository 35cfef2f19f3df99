import type { AuthResponse, HistoryPage } from '@app/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clockFrom } from '../../lib/clock.ts';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';

describe.each(testDialects)('watch history on %s', (dialect) => {
  let t: TestApp;
  let now: number;
  let creator: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = Date.now();
    t.ctx.clock = clockFrom(() => now);
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: AuthResponse, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: who ? bearer(who.access_token) : {},
    });
  const video = (title = 'A video') => insertVideo(t.ctx.db, creator.user.id, { title, duration_ms: 200_000 });
  const watch = async (who: AuthResponse, videoId: string, position: number) => {
    const opened = await call('POST', '/api/viewing/sessions', who, { video_id: videoId });
    expect(opened.statusCode, opened.body).toBe(201);
    now += 10_000;
    const beat = await call('POST', `/api/viewing/sessions/${opened.json().session_id}/heartbeat`, who, {
      position,
      active: true,
    });
    expect(beat.statusCode, beat.body).toBe(200);
  };
  const page = async (who: AuthResponse, query = '') => {
    const res = await call('GET', `/api/history${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HistoryPage>();
  };
  const titles = async (who: AuthResponse, query = '') => (await page(who, query)).entries.map((e) => e.video.title);

  it('lists what the user watched, newest first, once per video, with where they stopped', async () => {
    const viewer = await signUpByEmail(t.app);
    const [a, b] = [await video('First'), await video('Second')];
    expect(await page(viewer)).toEqual({ entries: [], paused: false, has_more: false });
    await watch(viewer, a.id, 50);
    await watch(viewer, b.id, 20);
    await watch(viewer, a.id, 100); // watched again: back on top, one entry
    const { entries } = await page(viewer);
    expect(entries.map((e) => [e.video.id, e.position, e.duration])).toEqual([
      [a.id, 100, 200],
      [b.id, 20, 200],
    ]);
    expect(entries[0]!.video.title).toBe('First');
    expect(typeof entries[0]!.watched_at).toBe('string');
  });

  it('records nothing for a player opened but never played', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video();
    expect((await call('POST', '/api/viewing/sessions', viewer, { video_id: v.id })).statusCode).toBe(201);
    expect((await page(viewer)).entries).toEqual([]);
  });

  it('pages with limit and offset and says whether more follow', async () => {
    const viewer = await signUpByEmail(t.app);
    for (let i = 1; i <= 5; i++) await watch(viewer, (await video(`V${i}`)).id, i);
    const first = await page(viewer, '?limit=2');
    expect([first.entries.map((e) => e.video.title), first.has_more]).toEqual([['V5', 'V4'], true]);
    const second = await page(viewer, '?limit=2&offset=2');
    expect([second.entries.map((e) => e.video.title), second.has_more]).toEqual([['V3', 'V2'], true]);
    const last = await page(viewer, '?limit=2&offset=4');
    expect([last.entries.map((e) => e.video.title), last.has_more]).toEqual([['V1'], false]);
  });

  it('records nothing while paused, a setting that persists, and records again when resumed', async () => {
    const viewer = await signUpByEmail(t.app);
    const [a, b, c] = [await video('Before'), await video('Paused'), await video('After')];
    await watch(viewer, a.id, 30);
    const paused = await call('PUT', '/api/history/settings', viewer, { paused: true });
    expect(paused.json()).toEqual({ paused: true });
    expect((await call('GET', '/api/history/settings', viewer)).json()).toEqual({ paused: true });
    await watch(viewer, b.id, 40);
    await watch(viewer, a.id, 90); // not even the position of a video already listed moves
    expect(await page(viewer)).toMatchObject({ paused: true, entries: [{ position: 30 }] });
    await call('PUT', '/api/history/settings', viewer, { paused: false });
    await watch(viewer, c.id, 10);
    expect(await titles(viewer)).toEqual(['After', 'Before']);
  });

  it('clears only the caller\u2019s own history, and the earnings records stay', async () => {
    const [me, other] = [await signUpByEmail(t.app), await signUpByEmail(t.app)];
    const v = await video('Shared');
    await watch(me, v.id, 30);
    await watch(other, v.id, 60);
    const cleared = await call('DELETE', '/api/history', me);
    expect(cleared.json()).toEqual({ cleared: 1 });
    expect((await page(me)).entries).toEqual([]);
    expect(await titles(other)).toEqual(['Shared']);
    expect((await call('GET', '/api/viewing/history', me)).json().sessions).toHaveLength(1);
    expect((await call('DELETE', '/api/history', me)).json()).toEqual({ cleared: 0 });
  });

  it('forgets where the user stopped with the history; watching again after it resumes again', async () => {
    const [me, other] = [await signUpByEmail(t.app), await signUpByEmail(t.app)];
    const v = await video('Resumable');
    const position = async (who: AuthResponse) => {
      const res = await call('GET', `/api/videos/${v.id}/position`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ position: number | null }>().position;
    };
    await watch(me, v.id, 30);
    await watch(other, v.id, 60);
    expect(await position(me)).toBe(30);
    now += 1000;
    expect((await call('DELETE', '/api/history', me)).statusCode).toBe(200);
    expect(await position(me)).toBeNull();
    expect(await position(other)).toBe(60);
    // pausing and resuming the history keeps the time it was cleared
    expect((await call('PUT', '/api/history/settings', me, { paused: true })).statusCode).toBe(200);
    expect((await call('PUT', '/api/history/settings', me, { paused: false })).statusCode).toBe(200);
    expect(await position(me)).toBeNull();
    now += 1000;
    await watch(me, v.id, 45);
    expect(await position(me)).toBe(45);
  });

  it('leaves out a video that is gone', async () => {
    const viewer = await signUpByEmail(t.app);
    const v = await video('Removed later');
    await watch(viewer, v.id, 30);
    await t.ctx.db.updateTable('videos').set({ status: 'failed' }).where('id', '=', v.id).execute();
    expect((await page(viewer)).entries).toEqual([]);
  });

  describe('attacks', () => {
    it('turns visitors away from every route', async () => {
      for (const [method, url, payload] of [
        ['GET', '/api/history'],
        ['DELETE', '/api/history'],
        ['GET', '/api/history/settings'],
        ['PUT', '/api/history/settings', { paused: true }],
      ] as const) {
        const res = await call(method, url, undefined, payload);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code).toBe('sign_in_required');
      }
    });

    it('refuses bad paging and bad settings with a clear 400, never a 500', async () => {
      const viewer = await signUpByEmail(t.app);
      for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?offset=-1', '?offset=100001', '?limit=1e9']) {
        const res = await call('GET', `/api/history${query}`, viewer);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toEqual(expect.any(String));
      }
      for (const body of [{ paused: 'yes' }, {}, { paused: true, user_id: creator.user.id }, [true], 'x']) {
        const res = await call('PUT', '/api/history/settings', viewer, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(typeof body === 'string' ? 415 : 400);
      }
      const huge = await call('PUT', '/api/history/settings', viewer, { paused: true, pad: 'x'.repeat(2_000_000) });
      expect(huge.statusCode).toBeGreaterThanOrEqual(400);
      expect(huge.statusCode).toBeLessThan(500);
      expect((await call('GET', '/api/history/settings', viewer)).json()).toEqual({ paused: false });
    });

    it('a flood of heartbeats keeps one entry per video', async () => {
      const viewer = await signUpByEmail(t.app);
      const v = await video('Flooded');
      await Promise.all(Array.from({ length: 10 }, (_, i) => watch(viewer, v.id, i + 1)));
      expect(await titles(viewer)).toEqual(['Flooded']);
    });
  });
});
