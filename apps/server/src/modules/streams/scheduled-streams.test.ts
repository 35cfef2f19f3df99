import {
  StreamLimits,
  type ApiErrorBody,
  type AuthResponse,
  type NotificationList,
  type Stream,
  type StreamCreated,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

const MIN = 60_000;
const inMinutes = (m: number) => new Date(Date.now() + m * MIN).toISOString();

describe.each(testDialects)('scheduled streams on %s', (dialect) => {
  let t: TestApp;
  let owner: AuthResponse;
  let other: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signInWithWallet(t.app);
    other = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: AuthResponse, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: who ? bearer(who.access_token) : {},
    });
  const schedule = (who: AuthResponse, body: object = {}) =>
    call('POST', '/api/streams/schedule', who, { title: 'Friday Q&A', scheduled_for: inMinutes(24 * 60), ...body });
  const scheduled = async (who: AuthResponse, body: object = {}): Promise<Stream> => {
    const res = await schedule(who, body);
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const ids = async (url: string, who?: AuthResponse) =>
    (await call('GET', url, who)).json<{ streams: Stream[] }>().streams.map((s) => s.id);
  const setTime = (id: string, at: string) =>
    t.ctx.db.updateTable('streams').set({ scheduled_for: at }).where('id', '=', id).execute();

  it('schedules a stream, listed as Upcoming in the directory and on the profile, not as live', async () => {
    const at = new Date(Date.now() + 3 * 24 * 60 * MIN);
    // any offset is taken and stored as UTC
    const local = `${at.toISOString().slice(0, 19)}+00:00`;
    const stream = await scheduled(owner, { title: '  Launch party ', scheduled_for: local, category: 'Music' });
    expect(stream).toMatchObject({
      title: 'Launch party',
      status: 'scheduled',
      is_live: false,
      start_time: null,
      scheduled_for: `${at.toISOString().slice(0, 19)}.000Z`,
      category: 'Music',
    });
    expect(await ids('/api/streams?status=scheduled')).toContain(stream.id);
    expect(await ids('/api/streams?status=scheduled&category=Music')).toContain(stream.id);
    expect(await ids('/api/streams?status=scheduled&category=Art')).not.toContain(stream.id);
    expect(await ids('/api/streams')).not.toContain(stream.id);
    expect(await ids('/api/streams?status=all')).not.toContain(stream.id);
    expect(await ids(`/api/users/${owner.user.id}/streams?status=scheduled`)).toContain(stream.id);
    expect(await ids(`/api/users/${owner.user.wallet_address}/streams?status=scheduled`)).toContain(stream.id);
    expect(await ids(`/api/users/${owner.user.id}/streams`)).not.toContain(stream.id);
    expect((await call('GET', `/api/streams/${stream.id}`)).json<Stream>().status).toBe('scheduled');
  });

  it('lists the soonest first', async () => {
    const creator = await signUpByEmail(t.app);
    const later = await scheduled(creator, { scheduled_for: inMinutes(600) });
    const sooner = await scheduled(creator, { scheduled_for: inMinutes(300) });
    expect(await ids(`/api/users/${creator.user.id}/streams?status=scheduled`)).toEqual([sooner.id, later.id]);
  });

  it('refuses times in the past, too far ahead or not times at all, and strangers', async () => {
    const creator = await signUpByEmail(t.app);
    const error = async (body: object, who: AuthResponse | undefined = creator) => {
      const res = await call('POST', '/api/streams/schedule', who, { title: 'ok', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      return res.json<ApiErrorBody>();
    };
    expect(await error({ scheduled_for: inMinutes(-1) })).toMatchObject({
      code: 'schedule_in_past',
      field: 'scheduled_for',
    });
    expect(await error({ scheduled_for: '2001-01-01T00:00:00Z' })).toMatchObject({ code: 'schedule_in_past' });
    expect(await error({ scheduled_for: inMinutes((StreamLimits.scheduleMaxDays + 1) * 24 * 60) })).toMatchObject({
      code: 'schedule_too_far',
      params: { max: StreamLimits.scheduleMaxDays },
    });
    expect(await error({ scheduled_for: '9999-12-31T23:59:59Z' })).toMatchObject({ code: 'schedule_too_far' });
    for (const bad of ['tomorrow', '', 1_900_000_000_000, null, ['2030-01-01T00:00:00Z'], 'x'.repeat(100_000)])
      expect(['invalid_format', 'invalid_value']).toContain((await error({ scheduled_for: bad })).code);
    expect(await error({ scheduled_for: '2030-13-45T99:00:00Z' })).toMatchObject({ code: 'invalid_format' });
    expect(await error({})).toMatchObject({ field: 'scheduled_for' });
    expect(await error({ title: ' ', scheduled_for: inMinutes(60) })).toMatchObject({
      code: 'required',
      field: 'title',
    });
    expect(await error({ title: 'x'.repeat(101), scheduled_for: inMinutes(60) })).toMatchObject({ code: 'too_long' });
    const anonymous = await call('POST', '/api/streams/schedule', undefined, {
      title: 'ok',
      scheduled_for: inMinutes(60),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await ids(`/api/users/${creator.user.id}/streams?status=scheduled`, creator)).toEqual([]);
  });

  it('lets only the creator change or cancel a scheduled stream', async () => {
    const stream = await scheduled(owner, { title: 'Before' });
    const body = { title: 'After', scheduled_for: inMinutes(90), category: 'Art' };
    const byOther = await call('PUT', `/api/streams/${stream.id}/schedule`, other, body);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json<ApiErrorBody>().code).toBe('not_stream_creator');
    expect((await call('PUT', `/api/streams/${stream.id}/schedule`, undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', '/api/streams/nope/schedule', owner, body)).json<ApiErrorBody>().code).toBe(
      'stream_not_found',
    );
    expect((await call('PUT', `/api/streams/${'x'.repeat(65)}/schedule`, owner, body)).statusCode).toBe(400);
    const past = await call('PUT', `/api/streams/${stream.id}/schedule`, owner, {
      ...body,
      scheduled_for: inMinutes(-5),
    });
    expect(past.json<ApiErrorBody>().code).toBe('schedule_in_past');
    const cancelByOther = await call('DELETE', `/api/streams/${stream.id}`, other);
    expect(cancelByOther.statusCode).toBe(403);
    expect((await call('GET', `/api/streams/${stream.id}`)).json<Stream>().title).toBe('Before');

    const edited = await call('PUT', `/api/streams/${stream.id}/schedule`, owner, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Stream>()).toMatchObject({ title: 'After', category: 'Art', status: 'scheduled' });
    expect((await call('DELETE', `/api/streams/${stream.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/streams/${stream.id}`)).statusCode).toBe(404);
    expect(await ids('/api/streams?status=scheduled')).not.toContain(stream.id);
  });

  it('limits the upcoming streams of one creator, even in a burst', async () => {
    const creator = await signUpByEmail(t.app);
    const burst = await Promise.all(
      Array.from({ length: StreamLimits.scheduledMaxPerCreator + 5 }, (_, i) =>
        schedule(creator, { scheduled_for: inMinutes(60 + i) }),
      ),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(StreamLimits.scheduledMaxPerCreator);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(burst.find((r) => r.statusCode === 409)!.json<ApiErrorBody>()).toMatchObject({
      code: 'too_many_scheduled_streams',
      params: { max: StreamLimits.scheduledMaxPerCreator },
    });
    const mine = await ids(`/api/users/${creator.user.id}/streams?status=scheduled&limit=100`);
    expect(mine).toHaveLength(StreamLimits.scheduledMaxPerCreator);
    // one cancelled makes room for one more; one long past its time does not count
    await call('DELETE', `/api/streams/${mine[0]}`, creator);
    await setTime(mine[1]!, inMinutes(-3 * 60));
    expect((await schedule(creator)).statusCode).toBe(201);
    expect((await schedule(creator)).statusCode).toBe(201);
    expect((await schedule(creator)).statusCode).toBe(409);
    // and past the hourly budget of requests, 429 whatever they ask
    const more = await Promise.all(Array.from({ length: 15 }, () => schedule(creator, { scheduled_for: 'no' })));
    expect(more.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
    expect(more.every((r) => r.statusCode === 429 || r.statusCode === 400)).toBe(true);
  });

  it('shows a stream whose time passed as starting soon for an hour, then only to its creator', async () => {
    const stream = await scheduled(owner);
    await setTime(stream.id, inMinutes(-30));
    expect(await ids('/api/streams?status=scheduled')).toContain(stream.id);
    await setTime(stream.id, inMinutes(-61));
    expect(await ids('/api/streams?status=scheduled')).not.toContain(stream.id);
    expect(await ids(`/api/users/${owner.user.id}/streams?status=scheduled`, other)).not.toContain(stream.id);
    expect(await ids(`/api/users/${owner.user.id}/streams?status=scheduled`)).not.toContain(stream.id);
    expect(await ids(`/api/users/${owner.user.id}/streams?status=scheduled`, owner)).toContain(stream.id);
    // rescheduling brings it back
    await call('PUT', `/api/streams/${stream.id}/schedule`, owner, { title: 'Again', scheduled_for: inMinutes(10) });
    expect(await ids('/api/streams?status=scheduled')).toContain(stream.id);
  });

  it('turns the scheduled entry into the live stream, and followers hear of it once', async () => {
    const creator = await signUpByEmail(t.app);
    const fan = await signUpByEmail(t.app);
    await call('POST', '/api/subscribe', fan, { creator_wallet: creator.user.id });
    const far = await scheduled(creator, { title: 'Next week', scheduled_for: inMinutes(7 * 24 * 60) });
    const soon = await scheduled(creator, { title: 'Tonight', scheduled_for: inMinutes(20) });
    // going live from the Go Live form within the hour takes the entry over, with a new key
    const created = (
      await call('POST', '/api/streams/create', creator, { title: 'Tonight, live', category: 'Gaming' })
    ).json<StreamCreated>();
    expect(created.stream_id).toBe(soon.id);
    const ingest = (await call('GET', `/api/streams/${soon.id}/ingest`, creator)).json<{ stream_key: string }>();
    expect(ingest.stream_key).toBe(created.stream_key);
    // still Upcoming (starting soon) until video arrives or the creator starts it
    expect((await call('GET', `/api/streams/${soon.id}`)).json<Stream>()).toMatchObject({
      status: 'scheduled',
      title: 'Tonight, live',
    });
    expect((await call('POST', `/api/streams/${soon.id}/start`, creator)).statusCode).toBe(200);
    expect(await ids('/api/streams')).toContain(soon.id);
    expect(await ids('/api/streams?status=scheduled')).not.toContain(soon.id);
    expect(await ids('/api/streams?status=scheduled')).toContain(far.id);
    // a stream that went live is no longer scheduled: no edit
    const edit = await call('PUT', `/api/streams/${soon.id}/schedule`, creator, {
      title: 'x',
      scheduled_for: inMinutes(60),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<ApiErrorBody>().code).toBe('stream_not_scheduled');
    // the ingest dropping and coming back is not news again
    await t.ctx.db.updateTable('streams').set({ status: 'interrupted' }).where('id', '=', soon.id).execute();
    await call('POST', `/api/streams/${soon.id}/start`, creator);
    const kinds = async () =>
      (await call('GET', '/api/notifications', fan))
        .json<NotificationList>()
        .notifications.filter((n) => n.kind === 'stream_live')
        .map((n) => n.payload.stream_id);
    await expect.poll(kinds).toEqual([soon.id]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await kinds()).toEqual([soon.id]);
    // a stream created with nothing due is a new one
    const fresh = (await call('POST', '/api/streams/create', creator, { title: 'Extra' })).json<StreamCreated>();
    expect(fresh.stream_id).not.toBe(far.id);
  });

  it('can go live straight from the scheduled entry (its own key or the start call)', async () => {
    const stream = await scheduled(owner, { scheduled_for: inMinutes(5) });
    expect((await call('GET', `/api/streams/${stream.id}/ingest`, other)).statusCode).toBe(403);
    expect((await call('POST', `/api/streams/${stream.id}/start`, other)).statusCode).toBe(403);
    const started = await call('POST', `/api/streams/${stream.id}/start`, owner);
    expect(started.json<Stream>()).toMatchObject({ status: 'live', scheduled_for: stream.scheduled_for });
  });
});
