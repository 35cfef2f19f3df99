import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@app/shared';
import { insertClip, insertVideo } from '../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { testBusPairs } from '../testing/test-buses.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';
import { READ_CACHE_MAX_ENTRIES, ReadCache, createSharedReadCache } from './read-cache.ts';

describe('the read cache', () => {
  it('serves an answer until it is older than its time, and keeps nothing with a time of 0', () => {
    let now = 1_000;
    const cache = new ReadCache(2_000, () => now);
    const stored = cache.set('videos', '/api/videos', '{"videos":[]}');
    expect(stored.etag).toMatch(/^"[\w-]+"$/);
    now += 1_999;
    expect(String(cache.get('videos', '/api/videos')?.body)).toBe('{"videos":[]}');
    now += 1;
    expect(cache.get('videos', '/api/videos')).toBeUndefined();

    const off = new ReadCache(0, () => now);
    expect(off.set('videos', '/api/videos', '{}').etag).toBe(cache.set('videos', '/x', '{}').etag);
    expect(off.get('videos', '/api/videos')).toBeUndefined();
  });

  it('drops a topic on invalidation and says so; other topics stay', () => {
    const told: string[][] = [];
    const cache = new ReadCache(60_000, Date.now, (topics) => told.push(topics));
    cache.set('videos', '/api/videos', 'v');
    cache.set('clips', '/api/clips', 'c');
    cache.invalidate(['videos']);
    expect(cache.get('videos', '/api/videos')).toBeUndefined();
    expect(String(cache.get('clips', '/api/clips')?.body)).toBe('c');
    expect(told).toEqual([['videos']]);
  });

  it('attack: a stranger varying the query string cannot grow it past its cap; the newest answers stay', () => {
    const cache = new ReadCache(60_000);
    for (let i = 0; i < READ_CACHE_MAX_ENTRIES * 3; i++) cache.set('videos', `/api/videos?q=${i}`, `${i}`);
    const kept = Array.from({ length: READ_CACHE_MAX_ENTRIES * 3 }, (_, i) =>
      cache.get('videos', `/api/videos?q=${i}`),
    );
    expect(kept.filter(Boolean)).toHaveLength(READ_CACHE_MAX_ENTRIES);
    expect(String(kept.at(-1)?.body)).toBe(String(READ_CACHE_MAX_ENTRIES * 3 - 1));
  });

  const log = pino({ level: 'silent' });
  const { pairs, closeAll } = testBusPairs('read-cache');
  afterAll(closeAll);

  it.each(pairs)('an invalidation in one process drops the topic in the others (%s)', async (_, makePair) => {
    const buses = makePair();
    const a = await createSharedReadCache(60_000, buses.a, log);
    const b = await createSharedReadCache(60_000, buses.b, log);
    b.set('streams', '/api/streams', 'old');
    a.invalidate(['streams']);
    await expect.poll(() => b.get('streams', '/api/streams')).toBeUndefined();
    await buses.close();
  });
});

describe.each(testDialects)('public reads over HTTP on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  beforeAll(async () => {
    t = await createTestApp(dialect, { READ_CACHE_MS: '60000' });
    creator = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  it('carry Cache-Control and an ETag, and answer a matching If-None-Match with an empty 304', async () => {
    await insertVideo(t.ctx.db, creator.user.id, { title: 'Cached — कैश किया' });
    const first = await t.app.inject({ url: '/api/videos?limit=12&tag=etag' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toBe('authorization');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    // a hit sends the kept bytes: the same answer, type and validators as the miss that kept them
    const hit = await t.app.inject({ url: '/api/videos?limit=12&tag=etag' });
    expect(hit.body).toBe(first.body);
    for (const name of ['content-type', 'content-length', 'cache-control', 'vary', 'etag'])
      expect([name, hit.headers[name]]).toEqual([name, first.headers[name]]);

    const again = await t.app.inject({ url: '/api/videos?limit=12&tag=etag', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('serve anonymous readers from memory, signed-in readers of a personal answer from the database, and forget at the next write', async () => {
    const video = await insertVideo(t.ctx.db, creator.user.id, { title: 'Before' });
    const clip = await insertClip(t.ctx.db, creator.user.id, video.id, { title: 'Clip before' });
    const url = `/api/videos/${video.id}`;
    const clipUrl = `/api/clips/${clip.id}`;
    expect((await t.app.inject({ url })).json().title).toBe('Before');
    expect((await t.app.inject({ url: clipUrl })).json().title).toBe('Clip before');

    // A change no API write announced: anonymous readers see the kept answers; a clip shows the
    // reader's own like, so a signed-in reader gets it from the database.
    await t.ctx.db.updateTable('videos').set({ title: 'After' }).where('id', '=', video.id).execute();
    await t.ctx.db.updateTable('clips').set({ title: 'Clip after' }).where('id', '=', clip.id).execute();
    expect((await t.app.inject({ url })).json().title).toBe('Before');
    expect((await t.app.inject({ url: clipUrl })).json().title).toBe('Clip before');
    const signedIn = await t.app.inject({ url: clipUrl, headers: bearer(creator.access_token) });
    expect(signedIn.json().title).toBe('Clip after');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');

    // Any successful write through the API drops the kept answers before it returns.
    const like = await t.app.inject({ method: 'POST', url: `${url}/like`, headers: bearer(creator.access_token) });
    expect(like.statusCode).toBeLessThan(400);
    expect((await t.app.inject({ url })).json().title).toBe('After');
  });

  it('serve signed-in readers of the feed and the live directory (the same for everyone) from memory, and keep their answers', async () => {
    const video = await insertVideo(t.ctx.db, creator.user.id, { title: 'Shared' });
    const url = '/api/videos?limit=50&tag=shared';
    const titleIn = (res: { json: () => { videos: Array<{ id: string; title: string }> } }) =>
      res.json().videos.find((v) => v.id === video.id)?.title;
    const signedIn = await t.app.inject({ url, headers: bearer(creator.access_token) });
    expect(titleIn(signedIn)).toBe('Shared');
    expect(signedIn.headers['cache-control']).toBe('public, no-cache');

    // kept by the signed-in read: an unannounced change is seen by nobody until the next write
    await t.ctx.db.updateTable('videos').set({ title: 'Renamed' }).where('id', '=', video.id).execute();
    const stranger = await signUpByEmail(t.app);
    for (const headers of [{}, bearer(creator.access_token), bearer(stranger.access_token)])
      expect(titleIn(await t.app.inject({ url, headers }))).toBe('Shared');
    const streams = await t.app.inject({ url: '/api/streams', headers: bearer(creator.access_token) });
    expect(streams.headers['cache-control']).toBe('public, no-cache');
  });

  it('serve a kept video page to signed-in readers, but never keep what only its owner may see', async () => {
    const ready = await insertVideo(t.ctx.db, creator.user.id, { title: 'Public page' });
    expect((await t.app.inject({ url: `/api/videos/${ready.id}` })).statusCode).toBe(200);
    await t.ctx.db.updateTable('videos').set({ title: 'Changed quietly' }).where('id', '=', ready.id).execute();
    const reader = await signUpByEmail(t.app);
    const hit = await t.app.inject({ url: `/api/videos/${ready.id}`, headers: bearer(reader.access_token) });
    expect(hit.json().title).toBe('Public page');
    expect(hit.headers['cache-control']).toBe('public, no-cache');

    // the owner sees their upload while it is processing; nobody else may, not even from the cache
    const processing = await insertVideo(t.ctx.db, creator.user.id, { title: 'Not yet', status: 'processing' });
    const url = `/api/videos/${processing.id}`;
    const own = await t.app.inject({ url, headers: bearer(creator.access_token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: bearer(reader.access_token) })).statusCode).toBe(404);
  });

  it('stay cached through writes that change no public read: signing in, tickets, watch heartbeats', async () => {
    const video = await insertVideo(t.ctx.db, creator.user.id, { title: 'Kept' });
    const url = `/api/videos/${video.id}`;
    expect((await t.app.inject({ url })).json().title).toBe('Kept');
    await t.ctx.db.updateTable('videos').set({ title: 'Changed' }).where('id', '=', video.id).execute();

    const viewer = await signUpByEmail(t.app);
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: bearer(viewer.access_token),
      payload: { title: 'A question', description: 'How do payouts work?', category_id: 1 },
    });
    expect(ticket.statusCode).toBeLessThan(400);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/viewing/sessions',
      headers: bearer(viewer.access_token),
      payload: { video_id: video.id },
    });
    expect(session.statusCode).toBe(201);
    expect((await t.app.inject({ url })).json().title).toBe('Kept');

    const like = await t.app.inject({ method: 'POST', url: `${url}/like`, headers: bearer(viewer.access_token) });
    expect(like.statusCode).toBeLessThan(400);
    expect((await t.app.inject({ url })).json().title).toBe('Changed');
  });

  it('never keep an error: a missing video stays missing, and appears as soon as it exists', async () => {
    const missing = await t.app.inject({ url: '/api/videos/does-not-exist-yet' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const other = await t.app.inject({ url: '/api/streams/does-not-exist-yet' });
    expect(other.statusCode).toBe(404);
  });
});
