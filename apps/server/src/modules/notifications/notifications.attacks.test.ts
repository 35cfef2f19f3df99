import type { AddressInfo } from 'node:net';
import { NotificationLimits, type AuthResponse, type NotificationList } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { SOCKETS_PER_USER } from './notification-sockets.ts';

let addresses = 0;
/** a client address of its own for each socket, so the per-address handshake limit stays out of the way */
const anotherAddress = () => `198.51.100.${++addresses}`;

/** A notification socket: how its handshake was answered, and how it ended. */
function openSocket(url: string) {
  const ws = new WebSocket(url, { headers: { 'x-forwarded-for': anotherAddress() } });
  const state: { refused?: { status: number; body: string }; closeCode?: number; open: boolean } = { open: false };
  ws.on('unexpected-response', (_req, res) => {
    let body = '';
    res.on('data', (chunk: Buffer) => (body += String(chunk)));
    res.on('end', () => (state.refused = { status: res.statusCode ?? 0, body }));
  });
  ws.on('open', () => (state.open = true));
  ws.on('close', (code) => (state.closeCode = code));
  ws.on('error', () => undefined);
  return { ws, state };
}

describe.each(testDialects)('notification attacks on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let owner: AuthResponse;
  let stranger: AuthResponse;
  let ownerIds: number[];
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: 'true' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUpByEmail(t.app);
    stranger = await signUpByEmail(t.app);
    for (const fan of [await signUpByEmail(t.app), await signUpByEmail(t.app)])
      await t.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { creator_wallet: owner.user.id },
        headers: bearer(fan.access_token),
      });
    ownerIds = (await list(owner)).notifications.map((n) => n.id);
  });
  afterAll(async () => {
    sockets.forEach((ws) => ws.terminate());
    await t.close();
  });

  const list = async (who: AuthResponse) =>
    (await t.app.inject({ url: '/api/notifications', headers: bearer(who.access_token) })).json<NotificationList>();
  const markRead = (who: AuthResponse | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: payload as object,
      headers: who ? bearer(who.access_token) : {},
    });
  const socket = (query: string) => {
    const s = openSocket(`${base}/ws/notifications${query}`);
    sockets.push(s.ws);
    return s;
  };

  it('refuses every route without a session', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/notifications', undefined],
      ['POST', '/api/notifications/read', { all: true }],
      ['GET', '/api/notifications/preferences', undefined],
      ['PUT', '/api/notifications/preferences', { muted: [] }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'sign_in_required' });
    }
  });

  it("never shows or marks someone else's notifications", async () => {
    expect(ownerIds).toHaveLength(2);
    expect(await list(stranger)).toEqual({ notifications: [], unread: 0 });
    // naming the owner's ids changes nothing of theirs
    expect((await markRead(stranger, { ids: ownerIds })).json()).toEqual({ unread: 0 });
    expect((await markRead(stranger, { all: true })).json()).toEqual({ unread: 0 });
    expect((await list(owner)).unread).toBe(2);
  });

  it.each([
    [{}, 'invalid_value'],
    [{ ids: [] }, 'invalid_value'],
    [{ ids: ['1'] }, 'invalid_value'],
    [{ ids: [-1] }, 'too_small'],
    [{ ids: [1.5] }, 'invalid_value'],
    [{ ids: [1e300] }, 'invalid_value'],
    [{ ids: '1; delete from notifications' }, 'invalid_value'],
    [{ all: false }, 'invalid_value'],
    [{ all: 'true' }, 'invalid_value'],
    [{ all: true, ids: [1] }, 'invalid_value'],
  ])('refuses malformed marks %j with a clear error, changing nothing', async (body, code) => {
    const res = await markRead(owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect((await list(owner)).unread).toBe(2);
  });

  it('tells a creator of a follower once, however often they unfollow and follow again', async () => {
    const creator = await signUpByEmail(t.app);
    const churner = await signUpByEmail(t.app);
    for (let i = 0; i < 5; i++) {
      for (const method of ['POST', 'DELETE'] as const)
        await t.app.inject({
          method,
          url: method === 'POST' ? '/api/subscribe' : `/api/subscribe/${creator.user.id}`,
          payload: method === 'POST' ? { creator_wallet: creator.user.id } : undefined,
          headers: bearer(churner.access_token),
        });
    }
    expect((await list(creator)).notifications.map((n) => n.kind)).toEqual(['follow']);
  });

  it('caps the ids one request may name', async () => {
    const ids = Array.from({ length: NotificationLimits.markMax + 1 }, (_, i) => i + 1);
    const res = await markRead(owner, { ids });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'too_many_items',
      field: 'ids',
      params: { max: NotificationLimits.markMax },
    });
    expect((await list(owner)).unread).toBe(2);
    const huge = await markRead(owner, { ids: Array.from({ length: 200_000 }, (_, i) => i + 1) });
    expect([400, 413]).toContain(huge.statusCode);
    expect((await list(owner)).unread).toBe(2);
    expect((await markRead(owner, { ids: ids.slice(0, NotificationLimits.markMax) })).statusCode).toBe(200);
  });

  it('refuses page sizes and preferences out of bounds', async () => {
    const get = (url: string) => t.app.inject({ url, headers: bearer(owner.access_token) });
    for (const query of ['limit=0', 'limit=51', 'limit=abc', 'offset=-1', 'offset=1e9'])
      expect((await get(`/api/notifications?${query}`)).statusCode).toBe(400);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notifications/preferences',
        payload,
        headers: bearer(owner.access_token),
      });
    expect((await put({ muted: ['everything'] })).statusCode).toBe(400);
    expect((await put({ muted: Array.from({ length: 50 }, () => 'tip') })).statusCode).toBe(400);
    expect((await put({ muted: 'tip' })).statusCode).toBe(400);
  });

  it('refuses a socket without a session, or with a bad one, before the handshake', async () => {
    for (const query of ['', '?token=', '?token=not-a-session', `?token=${owner.access_token}x`]) {
      const s = socket(query);
      await expect.poll(() => s.state.refused).toBeDefined();
      expect(s.state.refused!.status).toBe(401);
      expect(JSON.parse(s.state.refused!.body)).toMatchObject({ code: 'sign_in_required' });
      expect(s.state.open).toBe(false);
    }
  });

  it('closes a socket that floods, and keeps serving the others', async () => {
    const flooder = socket(`?token=${stranger.access_token}`);
    const calm = socket(`?token=${stranger.access_token}`);
    await expect.poll(() => flooder.state.open && calm.state.open).toBe(true);
    for (let i = 0; i < 50; i++) flooder.ws.send('x'.repeat(100));
    await expect.poll(() => flooder.state.closeCode).toBe(1008);
    const big = socket(`?token=${stranger.access_token}`);
    await expect.poll(() => big.state.open).toBe(true);
    big.ws.send('x'.repeat(4096));
    await expect.poll(() => big.state.closeCode).toBe(1009);
    expect(calm.state.closeCode).toBeUndefined();
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(owner.access_token) })).statusCode).toBe(
      200,
    );
  });

  it('limits the sockets one user holds open', async () => {
    const flood = await signUpByEmail(t.app);
    const held = Array.from({ length: SOCKETS_PER_USER }, () => socket(`?token=${flood.access_token}`));
    await expect.poll(() => held.every((s) => s.state.open)).toBe(true);
    const extra = socket(`?token=${flood.access_token}`);
    await expect.poll(() => extra.state.refused?.status).toBe(429);
    expect(JSON.parse(extra.state.refused!.body)).toMatchObject({ code: 'rate_limited' });
    held[0]!.ws.close();
    await expect.poll(() => held[0]!.state.closeCode).toBeDefined();
    const again = socket(`?token=${flood.access_token}`);
    await expect.poll(() => again.state.open).toBe(true);
  });
});
