import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const lines: Array<Record<string, unknown>> = [];
let t: TestApp;
beforeAll(async () => {
  const logger = createLogger(loadConfig({ LOG_LEVEL: 'info' }), {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  t = await createTestApp('sqlite', { LOG_LEVEL: 'info' }, { logger });
});
afterAll(() => t.close());

it('writes one line per request, without the query string or any header', async () => {
  lines.length = 0;
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/videos?limit=2&token=query-secret',
    headers: { authorization: 'Bearer header-secret', cookie: 'sid=cookie-secret' },
  });
  expect(res.statusCode).toBe(200);
  const requestLines = lines.filter((l) => l.msg === 'request');
  expect(requestLines).toEqual([
    expect.objectContaining({ level: 30, method: 'GET', path: '/api/videos', status: 200, reqId: expect.any(String) }),
  ]);
  expect(typeof requestLines[0]!.ms).toBe('number');
  expect(JSON.stringify(lines)).not.toMatch(/query-secret|header-secret|cookie-secret/);
});

it('logs refused requests with their status', async () => {
  lines.length = 0;
  await t.app.inject({ method: 'GET', url: '/api/user/profile' });
  expect(lines.filter((l) => l.msg === 'request')).toEqual([
    expect.objectContaining({ method: 'GET', path: '/api/user/profile', status: 401 }),
  ]);
});

it('leaves out health probes that pass, and logs one that fails', async () => {
  lines.length = 0;
  expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  expect((await t.app.inject({ url: '/healthz?probe=1' })).statusCode).toBe(200);
  expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
  expect((await t.app.inject({ method: 'POST', url: '/healthz' })).statusCode).toBe(404);
  expect(lines.filter((l) => l.msg === 'request')).toEqual([
    expect.objectContaining({ method: 'POST', path: '/healthz', status: 404 }),
  ]);
});

it('a request that logs carries its id, the same as its access line', async () => {
  const own: Array<Record<string, unknown>> = [];
  const logger = createLogger(loadConfig({ LOG_LEVEL: 'info' }), {
    write: (line: string) => void own.push(JSON.parse(line) as Record<string, unknown>),
  });
  const broken = await createTestApp('sqlite', { LOG_LEVEL: 'info' }, { logger });
  await broken.ctx.db.destroy(); // the readiness check logs an error through req.log
  expect((await broken.app.inject({ url: '/readyz' })).statusCode).toBe(503);
  await broken.close();
  const error = own.find((l) => l.level === 50);
  const access = own.find((l) => l.msg === 'request' && l.path === '/readyz');
  expect(error).toMatchObject({ msg: expect.stringContaining('database') });
  expect(error!.reqId).toEqual(expect.any(String));
  expect(access!.reqId).toBe(error!.reqId);
});
