import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { hasNginx, startNginx } from '../support/nginx.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** deploy/nginx/tarang.conf's fail_timeout: how long nginx leaves out a process that refused a connection */
const NGINX_FAIL_TIMEOUT_MS = 2000;
/** longer than both restarts take, so every moment of them is under load */
const LOAD_SECONDS = 40;

/** Debian's nginx in front of the two processes, with the configuration we ship (deploy/nginx), on spare ports. */
function startNginxInFront(port: number, upstreams: number[]) {
  const shipped = fs.readFileSync(path.join(repoRoot, 'deploy/nginx/tarang.conf'), 'utf8');
  const site = shipped
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${upstreams[0]}`)
    .replace('server 127.0.0.1:3002', `server 127.0.0.1:${upstreams[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  expect(site).not.toBe(shipped);
  return startNginx(site, `http://127.0.0.1:${port}/healthz`);
}

/** A chat socket that comes back the way the web client does: at once after a restart close (1012). */
function stayingChat(url: string) {
  const state = { welcomes: 0, restarts: 0, open: false, closedForGood: false };
  let socket: WebSocket | undefined;
  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'welcome') state.welcomes++;
    });
    ws.on('open', () => (state.open = true));
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      state.open = false;
      if (state.closedForGood) return;
      if (code === 1012) state.restarts++;
      setTimeout(connect, code === 1012 ? 100 : 1000);
    });
  };
  connect();
  return {
    state,
    close() {
      state.closedForGood = true;
      socket?.close();
    },
  };
}

describe.runIf(hasNginx() || process.env.CI)('rolling restart behind nginx', () => {
  const servers: RunningServer[] = [];
  let nginx: { stop(): Promise<void> } | undefined;
  let chat: ReturnType<typeof stayingChat> | undefined;
  afterAll(async () => {
    chat?.close();
    await nginx?.stop();
    for (const server of servers.reverse()) await server.stop();
  });

  it('restarts both processes one after the other: reads fail 0 times, and chat reconnects by itself', async () => {
    const [portA, portB, portN] = [await freePort(), await freePort(), await freePort()];
    // one client (autocannon) sends thousands of reads a second: the per-address limit is not under test
    const limits = { RATE_LIMIT_MAX: String(1e9) };
    const first = await startServer(limits, { port: portA });
    servers.push(first);
    const join = { ...first.joinEnv, ...limits, RTMP_ENABLED: 'false' };
    servers.push(await startServer(join, { port: portB }));
    nginx = await startNginxInFront(portN, [portA, portB]);
    const front = `http://127.0.0.1:${portN}`;

    const signUp = await fetch(`${front}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rolling@example.com', password: 'correct horse battery' }),
    });
    const { access_token } = (await signUp.json()) as { access_token: string };
    const created = await fetch(`${front}/api/streams/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ title: 'Rolling restart' }),
    });
    const { stream_id } = (await created.json()) as { stream_id: string };
    chat = stayingChat(`ws://127.0.0.1:${portN}/ws/stream/${stream_id}`);
    await expect.poll(() => chat!.state.welcomes).toBe(1);

    const loadStartedAt = Date.now();
    let finish: (result: autocannon.Result) => void = () => {};
    const finished = new Promise<autocannon.Result>((resolve) => (finish = resolve));
    const failures: Array<{ at: number; message: string }> = [];
    const load = autocannon(
      { url: `${front}/api/videos?limit=12`, connections: 10, duration: LOAD_SECONDS },
      (_err, res) => finish(res),
    );
    load.on('reqError', (err: Error) => failures.push({ at: Date.now() - loadStartedAt, message: err.message }));
    // Restart each process in place, one after the other, the way `systemctl restart tarang@PORT` does.
    // As the deploy notes say: the next one once this one is ready and nginx has had time to take it back.
    for (const [running, port] of [
      [servers[0]!, portA],
      [servers[1]!, portB],
    ] as const) {
      await running.halt();
      servers.push(await startServer(join, { port }));
      await new Promise((r) => setTimeout(r, NGINX_FAIL_TIMEOUT_MS + 1000));
    }
    // both restarts happened under load; the load runs its course (stopping it early would cut
    // requests in flight and count them as errors)
    expect(Date.now() - loadStartedAt).toBeLessThan(LOAD_SECONDS * 1000);
    const result = await finished;

    expect(result.requests.total).toBeGreaterThan(100);
    expect({ failures, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      failures: [],
      timeouts: 0,
      non2xx: 0,
    });
    // told to come back by whichever process held it, and back in the room each time
    await expect.poll(() => chat!.state.open).toBe(true);
    expect(chat.state.restarts).toBeGreaterThanOrEqual(1);
    expect(chat.state.welcomes).toBe(chat.state.restarts + 1);
  }, 180_000);
});
