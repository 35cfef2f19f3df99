import type { AuthResponse, WatchPosition } from '@app/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clockFrom } from '../../lib/clock.ts';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';

describe.each(testDialects)('resume position from watch heartbeats on %s', (dialect) => {
  let t: TestApp;
  let now: number;
  let creator: AuthResponse;
  let viewer: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [creator, viewer] = [await signUpByEmail(t.app), await signUpByEmail(t.app)];
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = Date.now();
    t.ctx.clock = clockFrom(() => now);
  });

  const call = (method: 'GET' | 'POST', url: string, who?: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
  const video = () => insertVideo(t.ctx.db, creator.user.id, { duration_ms: 600_000 });
  const open = async (who: AuthResponse, videoId: string) => {
    const res = await call('POST', '/api/viewing/sessions', who, { video_id: videoId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ session_id: string }>().session_id;
  };
  const beat = async (who: AuthResponse, session: string, position: number) => {
    now += 10_000;
    const res = await call('POST', `/api/viewing/sessions/${session}/heartbeat`, who, { position, active: false });
    expect(res.statusCode, res.body).toBe(200);
  };
  const position = async (who: AuthResponse, videoId: string) => {
    const res = await call('GET', `/api/videos/${videoId}/position`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WatchPosition>().position;
  };

  it('answers null for a video never watched, then the last reported position', async () => {
    const { id } = await video();
    expect(await position(viewer, id)).toBeNull();
    const session = await open(viewer, id);
    await beat(viewer, session, 95.5);
    await beat(viewer, session, 192);
    expect(await position(viewer, id)).toBe(192);
  });

  it('keeps the last position when a reload opens a new session that has not played yet', async () => {
    const { id } = await video();
    await beat(viewer, await open(viewer, id), 130);
    now += 60_000;
    await open(viewer, id); // the reloaded page's session, still at 0
    expect(await position(viewer, id)).toBe(130);
  });

  it('follows the newest session: watching from the start again moves the resume point', async () => {
    const { id } = await video();
    await beat(viewer, await open(viewer, id), 300);
    now += 60_000;
    await beat(viewer, await open(viewer, id), 20);
    expect(await position(viewer, id)).toBe(20);
  });

  it('follows a viewer who went back to the start: nothing to resume', async () => {
    const { id } = await video();
    const session = await open(viewer, id);
    await beat(viewer, session, 240);
    await beat(viewer, session, 0);
    now += 60_000;
    await open(viewer, id);
    expect(await position(viewer, id)).toBe(0);
  });

  it('never tells one viewer where another stopped', async () => {
    const { id } = await video();
    await beat(viewer, await open(viewer, id), 250);
    expect(await position(creator, id)).toBeNull();
  });

  it('refuses a visitor and answers not found for an unknown video', async () => {
    const { id } = await video();
    const visitor = await call('GET', `/api/videos/${id}/position`);
    expect(visitor.statusCode).toBe(401);
    const missing = await call('GET', '/api/videos/no-such-video/position', viewer);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('video_not_found');
  });
});
