import type { AuthResponse, Stream, StreamCreated, StreamIngest, StreamStats } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';
import { hashToken } from '../sessions/sessions.service.ts';
import { sweepStreams } from './streams.service.ts';

describe.each(testDialects)('streams API on %s', (dialect) => {
  let t: TestApp;
  let owner: AuthResponse;
  let other: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signInWithWallet(t.app);
    other = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
  const create = async (body: object = {}, who = owner): Promise<StreamCreated> => {
    const res = await call('POST', '/api/streams/create', who, {
      title: 'My first stream',
      category: 'Gaming',
      tags: ['speedrun'],
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  /** what the ingest records once video arrives (ingest.test.ts covers the real thing) */
  const videoArrived = (id: string, startedAt?: string) =>
    t.ctx.db
      .updateTable('streams')
      .set({ last_ingest_at: new Date().toISOString(), ...(startedAt ? { started_at: startedAt } : {}) })
      .where('id', '=', id)
      .execute();
  const balance = async (who: AuthResponse) =>
    (await call('GET', '/api/user/profile', who)).json<{ total_tokens: number }>().total_tokens;

  it('creates a stream with a secret key and the RTMP address', async () => {
    const created = await create({ title: '  Padded title  ', tags: [' a ', 'a', 'b', ''] });
    expect(created.stream_key).toMatch(/^live_[\w-]{32}$/);
    expect(created.rtmp_url).toBe('rtmp://localhost:1935/live');
    const stream = (await call('GET', `/api/streams/${created.stream_id}`)).json<Stream>();
    expect(stream).toMatchObject({
      title: 'Padded title',
      tags: ['a', 'b'],
      status: 'created',
      is_live: false,
      hls_url: null,
      creator_wallet: owner.user.wallet_address,
    });
    expect(JSON.stringify(stream)).not.toContain(created.stream_key);
    const row = await t.ctx.db
      .selectFrom('streams')
      .selectAll()
      .where('id', '=', created.stream_id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashToken(created.stream_key));
    expect(row.key_sealed).not.toContain(created.stream_key);
  });

  it('validates the create form with the spec texts', async () => {
    const detail = async (body: object) =>
      (await call('POST', '/api/streams/create', owner, body)).json<{ detail: string }>().detail;
    expect(await detail({ title: '   ' })).toContain('Please enter a stream title');
    expect(await detail({})).toContain('Please enter a stream title');
    expect(await detail({ title: 'x'.repeat(101) })).toContain('at most 100');
    expect(await detail({ title: 'ok', description: 'x'.repeat(501) })).toContain('at most 500');
    expect(await detail({ title: 'ok', tags: ['x'.repeat(21)] })).toContain('at most 20');
    expect(await detail({ title: 'ok', category: 'Cooking' })).toContain('Category must be one of');
    expect((await call('POST', '/api/streams/create', undefined, { title: 'ok' })).statusCode).toBe(401);
  });

  it('shows the key only to the owner, and rotating it retires the old one', async () => {
    const { stream_id, stream_key } = await create();
    expect((await call('GET', `/api/streams/${stream_id}/ingest`)).statusCode).toBe(401);
    expect((await call('GET', `/api/streams/${stream_id}/ingest`, other)).statusCode).toBe(403);
    const ingest = (await call('GET', `/api/streams/${stream_id}/ingest`, owner)).json<StreamIngest>();
    expect(ingest).toMatchObject({
      stream_key,
      rtmp_publish_url: `rtmp://localhost:1935/live/${stream_key}`,
      browser_ingest_path: `/ws/ingest/${stream_id}`,
      whip_url: `http://localhost:3000/api/streams/${stream_id}/whip`,
    });
    expect((await call('POST', `/api/streams/${stream_id}/key`, other)).statusCode).toBe(403);
    const rotated = (await call('POST', `/api/streams/${stream_id}/key`, owner)).json<StreamIngest>();
    expect(rotated.stream_key).not.toBe(stream_key);
    const row = await t.ctx.db
      .selectFrom('streams')
      .select('key_hash')
      .where('id', '=', stream_id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashToken(rotated.stream_key));
  });

  it('lets only the owner start and stop, and pays the live reward once however often stop is called', async () => {
    const { stream_id } = await create();
    expect((await call('POST', `/api/streams/${stream_id}/start`, other)).statusCode).toBe(403);
    expect((await call('POST', `/api/streams/${stream_id}/start`)).statusCode).toBe(401);
    const started = (await call('POST', `/api/streams/${stream_id}/start`, owner)).json<Stream>();
    expect(started).toMatchObject({ status: 'live', is_live: true });
    expect(started.start_time).not.toBeNull();
    // six minutes on air, with video arriving
    await videoArrived(stream_id, new Date(Date.now() - 6 * 60_000 - 5_000).toISOString());

    const before = await balance(owner);
    expect((await call('POST', `/api/streams/${stream_id}/stop`, other)).statusCode).toBe(403);
    const stops = await Promise.all([1, 2, 3, 4].map(() => call('POST', `/api/streams/${stream_id}/stop`, owner)));
    expect(stops.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(stops[0]!.json()).toMatchObject({ tokens_earned: 12 });
    expect(stops[0]!.json<{ duration: number }>().duration).toBeGreaterThanOrEqual(365);
    expect(await balance(owner)).toBe(before + 12);
    const ended = (await call('GET', `/api/streams/${stream_id}`)).json<Stream>();
    expect(ended).toMatchObject({ status: 'ended', is_live: false, tokens_earned: 12, viewers_count: 0 });
    expect((await call('POST', `/api/streams/${stream_id}/start`, owner)).json().detail).toContain('has ended');
    expect((await call('POST', `/api/streams/${stream_id}/key`, owner)).json()).toEqual({
      detail: 'This stream has ended',
      code: 'stream_ended',
    });
  });

  it('pays nothing for a stream that never went live', async () => {
    const { stream_id } = await create();
    const before = await balance(owner);
    expect((await call('POST', `/api/streams/${stream_id}/stop`, owner)).json()).toEqual({
      duration: 0,
      tokens_earned: 0,
    });
    expect(await balance(owner)).toBe(before);
  });

  it('pays nothing for a stream started and stopped without any video, however often', async () => {
    const before = await balance(owner);
    for (let i = 0; i < 3; i++) {
      const { stream_id } = await create();
      await call('POST', `/api/streams/${stream_id}/start`, owner);
      expect((await call('POST', `/api/streams/${stream_id}/stop`, owner)).json()).toMatchObject({ tokens_earned: 0 });
    }
    expect(await balance(owner)).toBe(before);
  });

  it('lists live, ended and all streams with category and creator filters', async () => {
    const mine = await create({ title: 'Music now', category: 'Music' });
    await call('POST', `/api/streams/${mine.stream_id}/start`, owner);
    const theirs = await create({ title: 'Art later', category: 'Art' }, other);
    await call('POST', `/api/streams/${theirs.stream_id}/start`, other);
    await call('POST', `/api/streams/${theirs.stream_id}/stop`, other);
    const notStarted = await create({ title: 'Never started' });

    const ids = async (query: string) =>
      (await call('GET', `/api/streams${query}`)).json<{ streams: Stream[] }>().streams.map((s) => s.id);
    const live = await ids('');
    expect(live).toContain(mine.stream_id);
    expect(live).not.toContain(theirs.stream_id);
    expect(live).not.toContain(notStarted.stream_id);
    expect(await ids('?status=ended')).toContain(theirs.stream_id);
    expect(await ids('?status=all')).toEqual(expect.arrayContaining([mine.stream_id, theirs.stream_id]));
    expect(await ids('?status=all')).not.toContain(notStarted.stream_id);
    expect(await ids('?category=Music')).toEqual([mine.stream_id]);
    expect(await ids(`?status=all&creator=${owner.user.wallet_address!.toLowerCase()}`)).not.toContain(
      theirs.stream_id,
    );
    expect((await call('GET', '/api/streams?status=sideways')).statusCode).toBe(400);
    expect((await call('GET', '/api/streams?limit=1000')).statusCode).toBe(400);
    const own = (await call('GET', '/api/user/streams', owner)).json<{ streams: Stream[] }>().streams.map((s) => s.id);
    expect(own).toContain(notStarted.stream_id);
    expect((await call('GET', '/api/streams/nope')).statusCode).toBe(404);
  });

  it('counts the directory totals: live now, their viewers, earnings of all streams, streams ever started', async () => {
    const stats = async () => (await call('GET', '/api/streams/stats')).json<StreamStats>();
    const before = await stats();
    const onAir = await create({ title: 'On air' });
    await call('POST', `/api/streams/${onAir.stream_id}/start`, owner);
    await t.ctx.db.updateTable('streams').set({ viewers_count: 7 }).where('id', '=', onAir.stream_id).execute();
    const done = await create({ title: 'Done' }, other);
    await call('POST', `/api/streams/${done.stream_id}/start`, other);
    await videoArrived(done.stream_id);
    await call('POST', `/api/streams/${done.stream_id}/stop`, other); // pays the 10-token minimum
    await create({ title: 'Never started' });

    expect(await stats()).toEqual({
      live_count: before.live_count + 1,
      total_viewers: before.total_viewers + 7,
      tokens_earned: before.tokens_earned + 10,
      total_streams: before.total_streams + 2,
    });
  });

  it('ends an interrupted stream after the grace period, dated to the interruption, and leaves a fresh one alone', async () => {
    const old = await create();
    const fresh = await create();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    await t.ctx.db
      .updateTable('streams')
      .set({
        status: 'interrupted',
        started_at: tenMinutesAgo,
        interrupted_at: twoMinutesAgo,
        last_ingest_at: twoMinutesAgo,
      })
      .where('id', '=', old.stream_id)
      .execute();
    await t.ctx.db
      .updateTable('streams')
      .set({ status: 'interrupted', started_at: tenMinutesAgo, interrupted_at: new Date().toISOString() })
      .where('id', '=', fresh.stream_id)
      .execute();
    await sweepStreams(t.ctx, 60_000);
    const ended = (await call('GET', `/api/streams/${old.stream_id}`)).json<Stream>();
    expect(ended).toMatchObject({ status: 'ended', end_time: twoMinutesAgo, duration: 480, tokens_earned: 16 });
    expect((await call('GET', `/api/streams/${fresh.stream_id}`)).json<Stream>().status).toBe('interrupted');
  });
});
