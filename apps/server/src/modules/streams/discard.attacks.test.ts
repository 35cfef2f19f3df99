import type { AuthResponse, Stream, StreamCreated } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

/** Discarding a stream: only its owner, only one that never went live, and never half-way. */
describe.each(testDialects)('discarding a stream on %s', (dialect) => {
  let t: TestApp;
  let owner: AuthResponse;
  let other: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signInWithWallet(t.app);
    other = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
  const create = async (): Promise<string> =>
    (await call('POST', '/api/streams/create', owner, { title: 'Maybe later' })).json<StreamCreated>().stream_id;
  const discard = (id: string, who?: AuthResponse) => call('DELETE', `/api/streams/${id}`, who);
  const exists = async (id: string) => (await call('GET', `/api/streams/${id}`)).statusCode === 200;
  const mine = async () => (await call('GET', '/api/user/streams', owner)).json<{ streams: Stream[] }>().streams;

  it('lets the owner discard a stream that never went live, with what was said in its chat', async () => {
    const id = await create();
    await t.ctx.db
      .insertInto('stream_chat_messages')
      .values({
        id: 'm1',
        stream_id: id,
        user_id: other.user.id,
        message: 'first!',
        tip_amount: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await discard(id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ discarded: true });
    expect(await exists(id)).toBe(false);
    expect((await mine()).map((s) => s.id)).not.toContain(id);
    const said = await t.ctx.db.selectFrom('stream_chat_messages').select('id').where('stream_id', '=', id).execute();
    expect(said).toEqual([]);
    expect((await discard(id, owner)).statusCode).toBe(404); // gone: a second discard finds nothing
  });

  it("refuses someone else's stream, a visitor and an unknown id, and keeps the stream", async () => {
    const id = await create();
    const stranger = await discard(id, other);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'not_stream_creator' });
    expect((await discard(id)).statusCode).toBe(401);
    expect((await discard('no-such-stream', owner)).json()).toMatchObject({ code: 'stream_not_found' });
    expect((await discard('x'.repeat(65), owner)).statusCode).toBe(400);
    expect(await exists(id)).toBe(true);
  });

  it('refuses a stream that is live, or went live and ended, and keeps it with its earnings', async () => {
    const live = await create();
    await call('POST', `/api/streams/${live}/start`, owner);
    const refused = await discard(live, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'stream_was_live', detail: expect.stringContaining('end it') });
    expect((await call('GET', `/api/streams/${live}`)).json<Stream>().is_live).toBe(true);

    const ended = await create();
    await call('POST', `/api/streams/${ended}/start`, owner);
    await t.ctx.db
      .updateTable('streams')
      .set({ started_at: new Date(Date.now() - 120_000).toISOString(), last_ingest_at: new Date().toISOString() })
      .where('id', '=', ended)
      .execute();
    expect((await call('POST', `/api/streams/${ended}/stop`, owner)).json()).toMatchObject({ tokens_earned: 10 });
    expect((await discard(ended, owner)).statusCode).toBe(409);
    expect((await call('GET', `/api/streams/${ended}`)).json<Stream>()).toMatchObject({
      status: 'ended',
      tokens_earned: 10,
    });
  });

  it('decides a discard racing a start one way: live and kept, or gone and not started', async () => {
    for (let i = 0; i < 5; i++) {
      const id = await create();
      const [started, discarded] = await Promise.all([
        call('POST', `/api/streams/${id}/start`, owner),
        discard(id, owner),
      ]);
      if (discarded.statusCode === 200) {
        expect(await exists(id)).toBe(false);
        expect(started.statusCode).not.toBe(200);
      } else {
        expect(discarded.statusCode).toBe(409);
        expect((await call('GET', `/api/streams/${id}`)).json<Stream>().is_live).toBe(true);
      }
    }
  });
});
