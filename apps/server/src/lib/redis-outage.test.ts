import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../boot.ts';
import { loadConfig } from '../config.ts';
import type { LiveEvent } from '../live/live-bus.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signUpByEmail } from '../testing/test-users.ts';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A Redis of the test's own on a spare port (the machine's Redis is never stopped). */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: 0 });
  probe.on('error', () => {}); // refused until the server listens
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  probe.disconnect();
  return child;
}

const until = async (what: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return what();
};

describe.runIf(hasRedisServer)('Redis killed and back (one process, SQLite, REDIS_URL set)', () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestApp;
  const lines: Array<{ level: number; msg: string }> = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'info' }), {
      write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }),
    });
    t = await createTestApp(
      'sqlite',
      { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: 'outage:', LOG_LEVEL: 'info', READ_CACHE_MS: '0' },
      { logger },
    );
  });
  afterAll(async () => {
    await t?.close();
    redis?.kill('SIGKILL');
  });

  it('requests, sign-ups and chat keep working while it is gone, with one log line for the outage; all is shared again within 5 s of its return', async () => {
    const room = 'stream-outage';
    const heard: LiveEvent[] = [];
    await t.ctx.live.bus.subscribe(room, (event) => heard.push(event));
    const message = (text: string): LiveEvent =>
      ({ type: 'chat', id: text, user: 'someone', text, timestamp: new Date().toISOString() }) as unknown as LiveEvent;

    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    expect(await until(() => t.ctx.redis!.status !== 'ready', 5000)).toBe(true);
    const errorsBefore = lines.filter((l) => l.level >= 50).length;

    const reads = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: '/api/videos' })));
    expect(reads.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // sign-up has an exact per-route limit counted in Redis: each process counts alone meanwhile
    await signUpByEmail(t.app);
    await t.ctx.live.bus.publish(room, message('while Redis is away'));
    expect(heard.map((e) => (e as { text?: string }).text)).toContain('while Redis is away');
    expect(await t.ctx.live.bus.takeChatTurn(room, 'someone')).toBe(true);
    expect(await t.ctx.live.bus.addViewers(room, 1)).toBe(1);
    const errorsDuring = lines.filter((l) => l.level >= 50).length - errorsBefore;
    expect(errorsDuring).toBeLessThanOrEqual(2); // the shared connection's and the job queue's

    redis = await startRedis(port);
    expect(await until(() => t.ctx.redis!.status === 'ready', 5000)).toBe(true);
    // Another process's message reaches this one's room through Redis again.
    const other = new Redis({ port });
    try {
      const channel = `outage:live:${room}`;
      const delivered = async () => {
        await other.publish(channel, JSON.stringify(message('from another process')));
        return heard.some((e) => (e as { text?: string }).text === 'from another process');
      };
      let ok = false;
      for (let i = 0; i < 50 && !ok; i++) {
        ok = await delivered();
        if (!ok) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ok).toBe(true);
      // this process's viewer count is back in Redis for the other processes to add up
      let shares = 0;
      for (let i = 0; i < 50 && shares === 0; i++) {
        shares = await other.hlen(`outage:live-viewers:${room}`);
        if (shares === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(shares).toBe(1);
    } finally {
      other.disconnect();
    }
    expect(lines.some((l) => l.msg.includes('Redis is back'))).toBe(true);
  });

  it('a process stops at once while Redis is gone, without waiting for it', async () => {
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    expect(await until(() => t.ctx.redis!.status !== 'ready', 5000)).toBe(true);
    await signUpByEmail(t.app); // still answered
    const closing = t.close();
    t = undefined as unknown as TestApp;
    await closing;
  }, 30_000);
});
