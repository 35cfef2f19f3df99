import type { AddressInfo } from 'node:net';
import type { AuthResponse, ChatServerFrame, StreamCreated } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';

/** A chat socket that notes what it hears, how the handshake was answered and how it ended. */
class Peer {
  readonly frames: ChatServerFrame[] = [];
  readonly ws: WebSocket;
  refusedWith: number | undefined;
  closeCode: number | undefined;

  constructor(url: string, address: string) {
    // the test app trusts X-Forwarded-For, so each test plays its own client address
    this.ws = new WebSocket(url, { headers: { 'x-forwarded-for': address } });
    this.ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as ChatServerFrame));
    this.ws.on('unexpected-response', (_req, res) => {
      this.refusedWith = res.statusCode;
      res.resume();
    });
    this.ws.on('close', (code) => (this.closeCode = code));
    this.ws.on('error', () => undefined);
  }

  get welcomed(): boolean {
    return this.frames.some((f) => f.type === 'welcome');
  }

  /** welcomed, refused at the handshake, or closed: settled either way */
  get settled(): boolean {
    return this.welcomed || this.refusedWith !== undefined || this.closeCode !== undefined;
  }

  of<T extends ChatServerFrame['type']>(type: T): Array<Extract<ChatServerFrame, { type: T }>> {
    return this.frames.filter((f): f is Extract<ChatServerFrame, { type: T }> => f.type === type);
  }
}

let addresses = 0;
/** a client address of its own for each test */
const anotherAddress = () => `203.0.113.${++addresses}`;

describe.each(testDialects)('chat socket attacks on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let streamer: AuthResponse;
  const peers: Peer[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: 'true' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    streamer = await signUpByEmail(t.app);
  });
  afterAll(async () => {
    peers.forEach((p) => p.ws.terminate());
    await t.close();
  });

  const newStream = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(streamer.access_token),
      payload: { title: 'Under attack' },
    });
    const { stream_id } = res.json<StreamCreated>();
    await t.app.inject({
      method: 'POST',
      url: `/api/streams/${stream_id}/start`,
      headers: bearer(streamer.access_token),
    });
    return stream_id;
  };
  const join = (streamId: string, address: string, who?: AuthResponse) => {
    const peer = new Peer(`ws://${base}/ws/stream/${streamId}${who ? `?token=${who.access_token}` : ''}`, address);
    peers.push(peer);
    return peer;
  };
  const viewersCount = async (streamId: string) =>
    (await t.app.inject({ url: `/api/streams/${streamId}` })).json<{ viewers_count: number }>().viewers_count;

  it('closes a socket flooding 100,000 one-byte frames with 1008, answers a handful of them, and keeps serving', async () => {
    const streamId = await newStream();
    const flooder = join(streamId, anotherAddress());
    await expect.poll(() => flooder.welcomed).toBe(true);
    for (let i = 0; i < 100_000; i++) flooder.ws.send('x');
    await expect.poll(() => flooder.closeCode, { timeout: 15_000 }).toBe(1008);
    expect(flooder.of('error').length).toBeLessThanOrEqual(5);
    const health = await fetch(`http://${base}/healthz`);
    expect(health.status).toBe(200);
    // someone else still chats
    const other = join(streamId, anotherAddress(), await signUpByEmail(t.app));
    await expect.poll(() => other.welcomed).toBe(true);
    other.ws.send(JSON.stringify({ type: 'chat', message: 'still here' }));
    await expect.poll(() => other.of('chat_message').map((m) => m.message)).toEqual(['still here']);
  });

  it('answers only a few refused messages per window, and says nothing to the rest', async () => {
    const streamId = await newStream();
    const chatter = join(streamId, anotherAddress(), await signUpByEmail(t.app));
    await expect.poll(() => chatter.welcomed).toBe(true);
    for (let i = 0; i < 15; i++) chatter.ws.send('not json');
    chatter.ws.send(JSON.stringify({ type: 'chat', message: 'a real message' }));
    // the real message after them is served, so all the refused ones were handled by then
    await expect.poll(() => chatter.of('chat_message').length).toBe(1);
    expect(chatter.of('error')).toHaveLength(5);
    expect(chatter.closeCode).toBeUndefined();
  });

  it('drops a socket that stops reading instead of buffering for it', async () => {
    const streamId = await newStream();
    const slow = join(streamId, anotherAddress());
    const reader = join(streamId, anotherAddress());
    await expect.poll(() => slow.welcomed && reader.welcomed).toBe(true);
    slow.ws.pause(); // reads nothing more: what the server sends it piles up
    const big = 'x'.repeat(50_000);
    const sent = 400; // 20 MB, far past what the kernel's buffers hold
    // in batches the reader (in this same process) keeps up with: it is not the one being tested
    for (let i = 0; i < sent; i++) {
      await t.ctx.live.bus.publish(streamId, {
        type: 'chat_message',
        id: `m${i}`,
        username: 'loud',
        user_wallet: null,
        message: big,
        tip_amount: null,
        timestamp: new Date().toISOString(),
      });
      if (i % 10 === 9) await expect.poll(() => reader.of('chat_message').length, { interval: 5 }).toBe(i + 1);
    }
    slow.ws.resume();
    await expect.poll(() => slow.closeCode, { timeout: 15_000 }).toBeDefined();
    expect(slow.of('chat_message').length).toBeLessThan(sent);
  });

  it('limits handshakes from one address, while other addresses still connect', async () => {
    const streamId = await newStream();
    const flood = anotherAddress();
    const attempts = Array.from({ length: 300 }, () => join(streamId, flood));
    await expect.poll(() => attempts.every((p) => p.settled), { timeout: 30_000 }).toBe(true);
    const accepted = attempts.filter((p) => p.welcomed).length;
    expect(accepted).toBeLessThanOrEqual(120);
    expect(attempts.filter((p) => p.refusedWith === 429).length).toBe(attempts.length - accepted);
    const neighbour = join(streamId, anotherAddress());
    await expect.poll(() => neighbour.welcomed).toBe(true);
    attempts.forEach((p) => p.ws.close());
  });

  it('counts 150 anonymous sockets from one address as a few viewers', async () => {
    const streamId = await newStream();
    const crowd = anotherAddress();
    const sockets = Array.from({ length: 150 }, () => join(streamId, crowd));
    await expect.poll(() => sockets.every((p) => p.settled), { timeout: 30_000 }).toBe(true);
    expect(sockets.filter((p) => p.welcomed).length).toBeGreaterThan(3);
    await expect.poll(() => viewersCount(streamId)).toBe(3);
    // a viewer elsewhere counts as one more
    const elsewhere = join(streamId, anotherAddress());
    await expect.poll(() => elsewhere.welcomed).toBe(true);
    await expect.poll(() => viewersCount(streamId)).toBe(4);
    sockets.forEach((p) => p.ws.close());
    await expect.poll(() => viewersCount(streamId)).toBe(1);
  });

  it('counts a signed-in user with 5 tabs once, and other viewers as themselves', async () => {
    const streamId = await newStream();
    const fan = await signUpByEmail(t.app);
    const tabs = Array.from({ length: 5 }, () => join(streamId, anotherAddress(), fan));
    await expect.poll(() => tabs.every((p) => p.welcomed)).toBe(true);
    await expect.poll(() => viewersCount(streamId)).toBe(1);
    const other = join(streamId, anotherAddress(), await signUpByEmail(t.app));
    await expect.poll(() => other.welcomed).toBe(true);
    await expect.poll(() => other.of('viewer_count_update').at(-1)?.viewers_count).toBe(2);
    tabs.slice(1).forEach((p) => p.ws.close());
    await expect.poll(() => tabs.slice(1).every((p) => p.closeCode !== undefined)).toBe(true);
    expect(await viewersCount(streamId)).toBe(2); // still watching in the last tab
    tabs[0]!.ws.close();
    await expect.poll(() => viewersCount(streamId)).toBe(1);
  });
});
