import type { AddressInfo } from 'node:net';
import type { AuthResponse, Stream, StreamCreated } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';

/** The Go Live page's camera socket, as anyone could open it. */
class Camera {
  readonly ws: WebSocket;
  ready = false;
  refused: { status: number; body: string } | undefined;
  closeCode: number | undefined;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data, isBinary) => {
      if (!isBinary && String(data).includes('"ready"')) this.ready = true;
    });
    this.ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += String(d)));
      res.on('end', () => (this.refused = { status: res.statusCode ?? 0, body }));
    });
    this.ws.on('close', (code) => (this.closeCode = code));
    this.ws.on('error', () => undefined);
  }
}

describe.each(testDialects)('browser ingest socket attacks on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let owner: AuthResponse;
  const cameras: Camera[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { WS_INGEST_IDLE_SECONDS: '2' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUpByEmail(t.app);
  });
  afterAll(async () => {
    cameras.forEach((c) => c.ws.terminate());
    await t.close();
  });

  const newStream = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/streams/create',
        headers: bearer(owner.access_token),
        payload: { title: 'Camera' },
      })
    ).json<StreamCreated>().stream_id;
  const camera = (streamId: string, who?: AuthResponse) => {
    const c = new Camera(`${base}/ws/ingest/${streamId}${who ? `?token=${who.access_token}` : ''}`);
    cameras.push(c);
    return c;
  };
  const stream = async (id: string) => (await t.app.inject({ url: `/api/streams/${id}` })).json<Stream>();

  it('refuses the handshake without a session, or with someone else’s, before any byte of video', async () => {
    const streamId = await newStream();
    const nobody = camera(streamId);
    await expect.poll(() => nobody.refused).toBeDefined();
    expect(nobody.refused!.status).toBe(401);
    expect(JSON.parse(nobody.refused!.body)).toMatchObject({
      code: 'sign_in_required',
      detail: 'Please sign in first',
    });
    const stranger = camera(streamId, await signUpByEmail(t.app));
    await expect.poll(() => stranger.refused?.status).toBe(403);
    const missing = camera('doesnotexist', owner);
    await expect.poll(() => missing.refused?.status).toBe(404);
    expect((await stream(streamId)).status).toBe('created');
  });

  it('cuts a camera that goes silent, so the stream does not stay live without video', async () => {
    const streamId = await newStream();
    const silent = camera(streamId, owner);
    await expect.poll(() => silent.ready, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => silent.closeCode, { timeout: 15_000 }).toBe(4408);
    await expect.poll(async () => (await stream(streamId)).status, { timeout: 15_000 }).toBe('interrupted');
  });

  it('closes an owner’s socket flooding tiny frames with 1008', async () => {
    const streamId = await newStream();
    const flooder = camera(streamId, owner);
    await expect.poll(() => flooder.ready, { timeout: 15_000 }).toBe(true);
    const byte = Buffer.from([0]);
    for (let i = 0; i < 20_000; i++) flooder.ws.send(byte);
    await expect.poll(() => flooder.closeCode, { timeout: 15_000 }).toBe(1008);
  });
});
