import type { AddressInfo } from 'node:net';
import type { AuthResponse, ChatServerFrame, StreamCreated } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../testing/test-users.ts';

/** A chat client that keeps every frame it received. */
class Client {
  readonly frames: ChatServerFrame[] = [];
  readonly ws: WebSocket;
  closeCode: number | undefined;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as ChatServerFrame));
    this.ws.on('close', (code) => (this.closeCode = code));
    this.ws.on('error', () => undefined);
  }

  async welcomed(): Promise<Extract<ChatServerFrame, { type: 'welcome' }>> {
    await expect.poll(() => this.frames.some((f) => f.type === 'welcome')).toBe(true);
    return this.frames.find((f) => f.type === 'welcome') as Extract<ChatServerFrame, { type: 'welcome' }>;
  }

  of<T extends ChatServerFrame['type']>(type: T): Array<Extract<ChatServerFrame, { type: T }>> {
    return this.frames.filter((f): f is Extract<ChatServerFrame, { type: T }> => f.type === type);
  }

  say(message: string, tip_amount: number | null = null): void {
    this.ws.send(JSON.stringify({ type: 'chat', message, username: 'someone-else', tip_amount }));
  }

  close(): void {
    this.ws.close();
  }
}

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
};

describe.each(testDialects)('live chat on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let streamer: AuthResponse;
  let viewer: AuthResponse;
  let streamId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    base = await listen(t);
    streamer = await signInWithWallet(t.app);
    viewer = await signUpByEmail(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(streamer.access_token),
      payload: { title: 'Chat test' },
    });
    streamId = res.json<StreamCreated>().stream_id;
    await t.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/start`,
      headers: bearer(streamer.access_token),
    });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await t.close();
  });

  const join = (who?: AuthResponse, id = streamId, headers?: Record<string, string>) => {
    const c = new Client(
      `${base}/ws/stream/${id}?user_wallet=${who?.user.wallet_address ?? 'anonymous'}${who ? `&token=${who.access_token}` : ''}`,
      headers,
    );
    clients.push(c);
    return c;
  };
  const balance = async (who: AuthResponse) =>
    (await t.app.inject({ url: '/api/user/profile', headers: bearer(who.access_token) })).json<{
      total_tokens: number;
    }>().total_tokens;

  it('welcomes everyone; the name comes from the token, and anonymous viewers read but cannot send', async () => {
    const anon = join();
    const v = join(viewer);
    expect(await anon.welcomed()).toMatchObject({ authenticated: false, username: null, stream_id: streamId });
    expect(await v.welcomed()).toMatchObject({ authenticated: true, username: viewer.user.username });
    anon.say('hello from nobody');
    await expect.poll(() => anon.of('error')[0]).toMatchObject({ code: 'sign_in_required' });
    v.say('   hello everyone   ');
    await expect.poll(() => anon.of('chat_message').length).toBe(1);
    expect(anon.of('chat_message')[0]).toMatchObject({
      username: viewer.user.username,
      message: 'hello everyone',
      tip_amount: null,
    });
    await expect.poll(() => v.of('viewer_count_update').at(-1)?.viewers_count).toBe(2);
  });

  it("does not count the streamer's own chat as a viewer", async () => {
    const own = join(streamer);
    const ownWelcome = await own.welcomed();
    const before = ownWelcome.viewers_count;
    // someone not yet watching (the viewer of the test above still is, and counts once)
    const v = join(await signUpByEmail(t.app));
    expect((await v.welcomed()).viewers_count).toBe(before + 1);
    await expect.poll(() => own.of('viewer_count_update').at(-1)?.viewers_count).toBe(before + 1);
    own.close();
    v.close();
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: `/api/streams/${streamId}` })).json<{ viewers_count: number }>().viewers_count,
      )
      .toBe(before);
  });

  it('refuses empty, too long and malformed messages with an error frame to the sender only', async () => {
    const v = join(viewer);
    const watcher = join();
    await Promise.all([v.welcomed(), watcher.welcomed()]);
    v.say('   ');
    v.say('x'.repeat(201));
    v.ws.send('not json');
    // A NUL character, which PostgreSQL cannot store: refused the same on both databases.
    v.say('a\u0000b');
    await expect.poll(() => v.of('error').length).toBe(4);
    expect(v.of('error').map((e) => e.code)).toEqual(['required', 'too_long', 'invalid_value', 'nul_character']);
    expect(v.of('error')[1]).toMatchObject({ field: 'message', params: { max: 200 } });
    expect(v.of('error')[1]!.message).toContain('200');
    expect(watcher.of('chat_message')).toHaveLength(0);
  });

  it('sends the last 50 messages on join, oldest first', async () => {
    const writer = await signUpByEmail(t.app);
    const w = join(writer);
    await w.welcomed();
    // rate limited to 5 per 5 s: write the history straight into the table
    const rows = Array.from({ length: 55 }, (_, i) => ({
      id: `hist${String(i).padStart(4, '0')}`,
      stream_id: streamId,
      user_id: writer.user.id,
      message: `history ${i}`,
      tip_amount: null,
      created_at: new Date(Date.now() + 60_000 + i).toISOString(),
    }));
    await t.ctx.db.insertInto('stream_chat_messages').values(rows).execute();
    const late = join();
    const { history } = await late.welcomed();
    expect(history).toHaveLength(50);
    expect(history[0]!.message).toBe('history 5');
    expect(history.at(-1)!.message).toBe('history 54');
  });

  it('limits a user to 5 messages in 5 seconds', async () => {
    const chatter = await signUpByEmail(t.app);
    const c = join(chatter);
    await c.welcomed();
    for (let i = 0; i < 7; i++) c.say(`message ${i}`);
    await expect
      .poll(
        () => c.of('chat_message').filter((m) => m.username === chatter.user.username).length + c.of('error').length,
      )
      .toBe(7);
    expect(c.of('error').map((e) => e.code)).toEqual(['chat_too_fast', 'chat_too_fast']);
  });

  it('moves a tip through the ledger before showing it, and refuses one the balance cannot cover', async () => {
    const tipper = await signUpByEmail(t.app);
    const c = join(tipper);
    const s = join(streamer);
    await Promise.all([c.welcomed(), s.welcomed()]);
    const [tipperBefore, streamerBefore] = [await balance(tipper), await balance(streamer)];

    c.say('too generous', 5000);
    await expect
      .poll(() => c.of('error')[0])
      .toMatchObject({ code: 'insufficient_funds', message: 'Insufficient tokens for tip' });
    c.say('great stream!', 2.5);
    await expect
      .poll(() => s.of('tip_notification')[0])
      .toMatchObject({ tipper: tipper.user.username, amount: 2.5, message: 'great stream!' });
    expect(
      s
        .of('chat_message')
        .filter((m) => m.username === tipper.user.username)
        .map((m) => [m.message, m.tip_amount]),
    ).toEqual([['great stream!', 2.5]]);
    expect(await balance(tipper)).toBe(tipperBefore - 2.5);
    expect(await balance(streamer)).toBe(streamerBefore + 2.5);

    s.say('thanks', 1);
    await expect.poll(() => s.of('error')[0]).toMatchObject({ code: 'cannot_tip_own_stream' });
    c.say('bad tip', -1);
    await expect.poll(() => c.of('error').length).toBe(2);
  });

  it('closes a socket that sends a frame over 16 KB', async () => {
    const c = join(viewer);
    await c.welcomed();
    c.ws.send(JSON.stringify({ type: 'chat', message: 'x'.repeat(17 * 1024) }));
    await expect.poll(() => c.closeCode).toBe(1009);
  });

  it('refuses a handshake from another site, and unknown streams', async () => {
    const evil = join(viewer, streamId, { origin: 'https://evil.example' });
    await expect.poll(() => evil.ws.readyState).toBe(WebSocket.CLOSED);
    expect(evil.frames).toHaveLength(0);
    const same = join(viewer, streamId, { origin: base.replace('ws:', 'http:') });
    await same.welcomed();
    const missing = join(viewer, 'doesnotexist');
    await expect.poll(() => missing.closeCode).toBe(4404);
  });

  it('tells the room when the stream ends, with its duration', async () => {
    const c = join(viewer);
    await c.welcomed();
    await t.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/stop`,
      headers: bearer(streamer.access_token),
    });
    await expect.poll(() => c.of('stream_ended')).toHaveLength(1);
    expect(c.of('stream_ended')[0]!.duration).toBeGreaterThanOrEqual(0);
    c.say('anyone still here?');
    await expect.poll(() => c.of('error').at(-1)).toMatchObject({ code: 'stream_ended' });
  });
});

describe('a server that stops on purpose', () => {
  it('tells every chat socket to come back (1012, service restart) before it closes', async () => {
    const t = await createTestApp('sqlite');
    const base = await listen(t);
    const streamer = await signInWithWallet(t.app);
    const { stream_id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/streams/create',
        headers: bearer(streamer.access_token),
        payload: { title: 'Restart' },
      })
    ).json<StreamCreated>();
    const watchers = [new Client(`${base}/ws/stream/${stream_id}`), new Client(`${base}/ws/stream/${stream_id}`)];
    await Promise.all(watchers.map((w) => w.welcomed()));
    await t.close();
    expect(watchers.map((w) => w.closeCode)).toEqual([1012, 1012]);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'live chat across two server processes over Redis',
  () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      a = await createTestApp('postgres');
      b = await createTestApp('postgres', {
        DATABASE_URL: a.ctx.config.databaseUrl!,
        REDIS_PREFIX: a.ctx.config.redisPrefix,
      });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('delivers a message sent on one to sockets on the other, and counts viewers on both', async () => {
      const [baseA, baseB] = [await listen(a), await listen(b)];
      const streamer = await signInWithWallet(a.app);
      const viewer = await signUpByEmail(a.app);
      const { stream_id } = (
        await a.app.inject({
          method: 'POST',
          url: '/api/streams/create',
          headers: bearer(streamer.access_token),
          payload: { title: 'Two nodes' },
        })
      ).json<StreamCreated>();
      const onA = new Client(`${baseA}/ws/stream/${stream_id}?token=${viewer.access_token}`);
      const onB = new Client(`${baseB}/ws/stream/${stream_id}`);
      await Promise.all([onA.welcomed(), onB.welcomed()]);
      onA.say('hello from node A');
      await expect.poll(() => onB.of('chat_message')[0]?.message).toBe('hello from node A');
      await expect.poll(() => onB.of('viewer_count_update').at(-1)?.viewers_count).toBe(2);
      // a stop on node B reaches the socket on node A
      await b.app.inject({
        method: 'POST',
        url: `/api/streams/${stream_id}/stop`,
        headers: bearer(streamer.access_token),
      });
      await expect.poll(() => onA.of('stream_ended')).toHaveLength(1);
      onA.close();
      onB.close();
    });
  },
);
