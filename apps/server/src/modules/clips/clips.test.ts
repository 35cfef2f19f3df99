import type { AuthResponse, Clip, StreamCreated } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

describe.each(testDialects)('clips on %s', (dialect) => {
  let t: TestApp;
  let owner: AuthResponse; // owns the source videos
  let clipper: AuthResponse; // cuts clips from them
  let viewer: AuthResponse;
  beforeAll(async () => {
    // No worker: cut jobs stay queued, so these tests see the rules, not ffmpeg (cut-clip.test.ts cuts).
    t = await createTestApp(dialect, { JOBS_WORKER: 'false' });
    owner = await signInWithWallet(t.app);
    clipper = await signInWithWallet(t.app);
    viewer = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
  const post = (url: string, token?: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const balance = async (token: string) => (await get('/api/user/profile', token)).json().total_tokens as number;
  const video = (overrides = {}) =>
    insertVideo(t.ctx.db, owner.user.id, { duration_ms: 45_000, category: 'Sports', ...overrides });
  const clipCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('clips')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = (body: object, token = clipper.access_token) => post('/api/clips/create', token, body);
  const valid = (videoId: string, overrides: object = {}) => ({
    title: 'A moment',
    description: '',
    start_time: 0,
    duration: 10,
    tags: [],
    source_video_id: videoId,
    ...overrides,
  });

  describe('create', () => {
    it('creates a clip with its reward and its cut job; only its creator sees it until it is cut', async () => {
      const v = await video();
      const before = await balance(clipper.access_token);
      const res = await create(
        valid(v.id, {
          title: '  Best bit ',
          description: 'The goal',
          start_time: 12.3,
          duration: 20,
          tags: [' goal ', 'goal', '', 'replay'],
        }),
      );
      expect(res.statusCode).toBe(201);
      const { clip_id } = res.json<{ clip_id: string }>();

      expect(await balance(clipper.access_token)).toBeCloseTo(before + 5, 6);
      const clip = (await get(`/api/clips/${clip_id}`, clipper.access_token)).json<Clip>();
      expect(clip).toMatchObject({
        id: clip_id,
        title: 'Best bit',
        description: 'The goal',
        category: 'Sports', // the source's
        tags: ['goal', 'replay'],
        duration: 20,
        start_time: 12.3,
        end_time: 32.3,
        views: 0,
        likes: 0,
        tokens_earned: 5,
        creator_id: clipper.user.id,
        creator_username: clipper.user.username,
        creator_wallet: clipper.user.wallet_address,
        source_video_id: v.id,
        source_stream_id: null,
        ipfs_hash: null,
        status: 'processing',
        hls_url: null,
        liked: false,
      });
      expect(await t.ctx.jobs.getJob(`cut-clip:${clip_id}`)).toMatchObject({ type: 'cut-clip', status: 'queued' });
      expect((await get(`/api/clips/${clip_id}`)).json()).toEqual({ detail: 'Clip Not Found', code: 'clip_not_found' });
      expect((await get(`/api/clips/${clip_id}`, viewer.access_token)).statusCode).toBe(404);
      expect((await get('/api/clips?limit=50')).json().clips.map((c: Clip) => c.id)).not.toContain(clip_id);
    });

    it('keeps the range inside the source: start ≥ 0 and start + duration ≤ source duration', async () => {
      const v = await video(); // 45 s
      const beyond = {
        detail: 'Clip extends beyond source duration',
        code: 'clip_beyond_source',
        field: 'duration',
      };
      expect((await create(valid(v.id, { start_time: 35.1, duration: 10 }))).json()).toEqual(beyond);
      expect((await create(valid(v.id, { start_time: 0, duration: 60 }))).json()).toEqual(beyond);
      expect((await create(valid(v.id, { start_time: 25.05, duration: 20 }))).json()).toEqual(beyond);
      expect((await create(valid(v.id, { start_time: -0.1 }))).statusCode).toBe(400);
      expect((await create(valid(v.id, { start_time: '5' }))).statusCode).toBe(400);
      expect((await create(valid(v.id, { start_time: 35, duration: 10 }))).statusCode).toBe(201); // ends exactly at the end
      expect((await create(valid(v.id, { start_time: 5, duration: 40 }))).statusCode).toBe(201);
    });

    it('accepts only 10, 20, 40 and 60 second clips', async () => {
      const v = await video({ duration_ms: 120_000 });
      for (const duration of [10, 20, 40, 60]) expect((await create(valid(v.id, { duration }))).statusCode).toBe(201);
      for (const duration of [0, 15, 30, 61, 10.5, '10', null]) {
        const res = await create(valid(v.id, { duration }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_value', field: 'duration' });
      }
      expect((await create(valid(v.id, { duration: 30 }))).json().detail).toContain(
        'Duration must be one of 10, 20, 40, 60 seconds',
      );
    });

    it('checks title, description and tags', async () => {
      const v = await video();
      for (const title of ['', '   ', undefined])
        expect((await create(valid(v.id, { title }))).json().detail).toContain('Please enter a clip title');
      expect((await create(valid(v.id, { title: 'x'.repeat(101) }))).statusCode).toBe(400);
      expect((await create(valid(v.id, { title: ` ${'x'.repeat(100)} ` }))).statusCode).toBe(201);
      expect((await create(valid(v.id, { description: 'd'.repeat(301) }))).statusCode).toBe(400);
      expect((await create(valid(v.id, { description: 'd'.repeat(300) }))).statusCode).toBe(201);
      expect((await create(valid(v.id, { tags: ['t'.repeat(21)] }))).json().detail).toContain(
        'Each tag must be at most 20 characters',
      );
      expect((await create(valid(v.id, { tags: ['t'.repeat(20)] }))).statusCode).toBe(201);
    });

    it('needs exactly one source that exists and plays, and a signed-in creator', async () => {
      const v = await video();
      const before = { count: await clipCount(), balance: await balance(clipper.access_token) };
      const both = await create(valid(v.id, { source_stream_id: 'abc' }));
      expect(both.json()).toEqual({
        detail: 'Choose exactly one source: source_video_id or source_stream_id',
        code: 'invalid_value',
      });
      expect((await create(valid('', {}))).statusCode).toBe(400);
      const { source_video_id: _, ...neither } = valid(v.id);
      expect((await create(neither)).json().detail).toBe(
        'Choose exactly one source: source_video_id or source_stream_id',
      );

      const missing = { detail: 'Source not found', code: 'clip_source_not_found' };
      expect((await create(valid('no-such-video'))).json()).toEqual(missing);
      // an unknown stream: a clear 404, never a 500 (a recorded stream is cut in live/ingest.test.ts)
      const { source_video_id: __, ...fromStream } = valid(v.id, { source_stream_id: 'some-stream' });
      const stream = await create(fromStream);
      expect([stream.statusCode, stream.json()]).toEqual([404, missing]);

      const processing = await video({ status: 'processing' });
      expect((await create(valid(processing.id))).json()).toEqual(missing); // someone else's, not public yet
      const own = await create(valid(processing.id), owner.access_token);
      expect([own.statusCode, own.json().code]).toEqual([409, 'clip_source_not_ready']);
      const failed = await video({ status: 'failed' });
      expect((await create(valid(failed.id))).statusCode).toBe(404);

      expect((await create(valid(v.id), '')).statusCode).toBe(401);
      expect((await create(valid(v.id), 'not-a-session')).statusCode).toBe(401);
      // Nothing was written and nothing was paid by any refused request.
      expect(await clipCount()).toBe(before.count);
      expect(await balance(clipper.access_token)).toBe(before.balance);
    });
  });

  describe('from a stream', () => {
    const fromStream = (streamId: string, overrides: object = {}) => ({
      title: 'Live moment',
      start_time: 0,
      duration: 10,
      source_stream_id: streamId,
      ...overrides,
    });
    const newStream = async () =>
      (await post('/api/streams/create', owner.access_token, { title: 'On air' })).json<StreamCreated>().stream_id;

    it('needs a stream that went on air, and a recording before anything can be cut', async () => {
      const before = { count: await clipCount(), balance: await balance(clipper.access_token) };
      const notStarted = await newStream();
      expect((await create(fromStream(notStarted))).json()).toEqual({
        detail: 'Source not found',
        code: 'clip_source_not_found',
      });
      expect((await create(fromStream(notStarted), owner.access_token)).statusCode).toBe(409);

      // Live, but no video has arrived yet: a clear conflict, nothing written or paid.
      const onAir = await newStream();
      await post(`/api/streams/${onAir}/start`, owner.access_token, {});
      expect((await create(fromStream(onAir))).json()).toEqual({
        detail: 'This stream has not recorded anything yet. Try again in a few seconds.',
        code: 'nothing_recorded_yet',
      });

      // Ended with nothing recorded: nothing to cut.
      await post(`/api/streams/${onAir}/stop`, owner.access_token, {});
      expect((await create(fromStream(onAir))).statusCode).toBe(404);
      expect(await clipCount()).toBe(before.count);
      expect(await balance(clipper.access_token)).toBe(before.balance);
      // A stream on air that did record is cut from a snapshot of its recording: live/ingest.test.ts.
    });
  });

  describe('browse', () => {
    it('lists ready clips newest first, filtered by category, duration and creator wallet in any case', async () => {
      const v = await video();
      const tag = `Art${Date.now()}`; // a category no other test uses
      const a = await insertClip(t.ctx.db, clipper.user.id, v.id, {
        category: tag,
        duration_seconds: 10,
        created_at: '2026-01-01T00:00:00.000Z',
      });
      const b = await insertClip(t.ctx.db, clipper.user.id, v.id, {
        category: tag,
        duration_seconds: 40,
        created_at: '2026-02-01T00:00:00.000Z',
      });
      const c = await insertClip(t.ctx.db, owner.user.id, v.id, {
        category: tag,
        duration_seconds: 10,
        created_at: '2026-03-01T00:00:00.000Z',
      });
      await insertClip(t.ctx.db, clipper.user.id, v.id, { category: tag, status: 'processing' });
      await insertClip(t.ctx.db, clipper.user.id, v.id, { category: tag, status: 'failed' });
      const ids = async (query: string) => (await get(`/api/clips?${query}`)).json().clips.map((x: Clip) => x.id);

      expect(await ids(`category=${tag.toLowerCase()}`)).toEqual([c.id, b.id, a.id]);
      expect(await ids(`category=${tag}&duration=10`)).toEqual([c.id, a.id]);
      expect(await ids(`category=${tag}&creator=${clipper.user.wallet_address!.toLowerCase()}`)).toEqual([b.id, a.id]);
      expect(
        await ids(
          `category=${tag}&creator=${clipper.user.wallet_address!.toUpperCase().replace('0X', '0x')}&duration=40`,
        ),
      ).toEqual([b.id]);
      expect(await ids(`category=${tag}&creator=0x0000000000000000000000000000000000000001`)).toEqual([]);
      expect(await ids(`category=${tag}&limit=2&offset=0`)).toEqual([c.id, b.id]);
      expect(await ids(`category=${tag}&limit=2&offset=2`)).toEqual([a.id]);

      const listed = (await get(`/api/clips?category=${tag}&limit=1`)).json().clips[0];
      expect(listed).toMatchObject({
        id: c.id,
        ipfs_hash: c.cid,
        media_url: `/ipfs/${c.cid}`,
        creator_username: owner.user.username,
        status: 'ready',
      });
    });

    it('refuses bad list queries with a 400', async () => {
      for (const q of ['limit=0', 'limit=51', 'offset=-1', 'duration=15', 'duration=ten']) {
        const res = await get(`/api/clips?${q}`);
        expect(res.statusCode, q).toBe(400);
      }
      expect((await get('/api/clips')).statusCode).toBe(200);
      expect((await get('/api/clips/nope')).json()).toEqual({ detail: 'Clip Not Found', code: 'clip_not_found' });
    });
  });

  describe('engagement', () => {
    it("likes once per user and pays the clip's creator 0.5 token once, never for their own like", async () => {
      const v = await video();
      const clip = await insertClip(t.ctx.db, clipper.user.id, v.id);
      const clipperBefore = await balance(clipper.access_token);
      const ownerBefore = await balance(owner.access_token);

      const doubleClick = await Promise.all([
        post(`/api/clips/${clip.id}/like`, viewer.access_token),
        post(`/api/clips/${clip.id}/like`, viewer.access_token),
      ]);
      expect(doubleClick.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await post(`/api/clips/${clip.id}/like`, viewer.access_token)).json()).toEqual({ liked: true, likes: 1 });
      expect(await balance(clipper.access_token)).toBeCloseTo(clipperBefore + 0.5, 6);
      expect(await balance(owner.access_token)).toBe(ownerBefore); // the video's owner is not the clip's creator

      expect((await post(`/api/clips/${clip.id}/like`, owner.access_token)).json()).toEqual({ liked: true, likes: 2 });
      expect((await post(`/api/clips/${clip.id}/like`, clipper.access_token)).json()).toEqual({
        liked: true,
        likes: 3,
      });
      expect(await balance(clipper.access_token)).toBeCloseTo(clipperBefore + 1, 6); // two likes by others, none for self

      const seen = (await get(`/api/clips/${clip.id}`, viewer.access_token)).json<Clip>();
      expect([seen.likes, seen.liked, seen.tokens_earned]).toEqual([3, true, 1]);
      expect((await get(`/api/clips/${clip.id}`)).json().liked).toBe(false);

      expect((await post(`/api/clips/${clip.id}/like`)).statusCode).toBe(401);
      expect((await post('/api/clips/nope/like', viewer.access_token)).statusCode).toBe(404);
      const processing = await insertClip(t.ctx.db, clipper.user.id, v.id, { status: 'processing' });
      expect((await post(`/api/clips/${processing.id}/like`, viewer.access_token)).statusCode).toBe(404);
    });

    it('counts one view per viewer per 24 h, anonymous viewers too, never the creator', async () => {
      const v = await video();
      const clip = await insertClip(t.ctx.db, clipper.user.id, v.id);
      const views = await Promise.all([1, 2, 3].map(() => post(`/api/clips/${clip.id}/view`, viewer.access_token)));
      expect(views.filter((r) => r.json().counted)).toHaveLength(1);
      expect((await post(`/api/clips/${clip.id}/view`)).json()).toEqual({ counted: true, views: 2 });
      expect((await post(`/api/clips/${clip.id}/view`)).json()).toEqual({ counted: false, views: 2 });
      expect((await post(`/api/clips/${clip.id}/view`, clipper.access_token)).json()).toEqual({
        counted: false,
        views: 2,
      });
      await t.ctx.db
        .updateTable('clip_view_windows')
        .set({ counted_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
        .where('clip_id', '=', clip.id)
        .execute();
      expect((await post(`/api/clips/${clip.id}/view`, viewer.access_token)).json()).toEqual({
        counted: true,
        views: 3,
      });
      expect((await get(`/api/clips/${clip.id}`)).json().views).toBe(3);
      expect((await post('/api/clips/nope/view')).statusCode).toBe(404);
    });

    it('sums platform stats over ready clips, tokens from the ledger', async () => {
      const before = (await get('/api/clips/stats')).json();
      const v = await video();
      // a clipper of their own: the creation reward pays only the first clips of a day
      const res = await create(valid(v.id), (await signUpByEmail(t.app)).access_token); // 5 tokens, but not counted until it is cut
      const pending = res.json().clip_id as string;
      const ready = await insertClip(t.ctx.db, clipper.user.id, v.id, { views: 7 });
      await post(`/api/clips/${ready.id}/like`, viewer.access_token);
      const after = (await get('/api/clips/stats')).json();
      expect(after.total_clips - before.total_clips).toBe(1);
      expect(after.views - before.views).toBe(7);
      expect(after.tokens_earned - before.tokens_earned).toBeCloseTo(0.5, 6);
      await t.ctx.db.updateTable('clips').set({ status: 'ready' }).where('id', '=', pending).execute();
      expect((await get('/api/clips/stats')).json().tokens_earned - before.tokens_earned).toBeCloseTo(5.5, 6);
    });
  });
});
