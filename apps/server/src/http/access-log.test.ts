import { afterAll, beforeAll, expect, it } from 'vitest';
import { pino } from 'pino';
import { createLogger } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { accessLineWriter } from './access-log.ts';

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

it('writes the line pino itself would write for the same fields, and none below its level', () => {
  const written: string[] = [];
  const logger = createLogger(loadConfig({ LOG_LEVEL: 'info' }), { write: (line: string) => void written.push(line) });
  // a path that needs escaping, and a method no client of ours sends
  const entry = { reqId: 'req-7', method: 'PROPFIND', path: '/api/"quoted"\\\u2028é', status: 404, ms: 0.3 };
  logger.info(entry, 'request');
  accessLineWriter(logger)(entry);
  expect(written).toHaveLength(2);
  const [byPino, byTemplate] = written.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(Object.keys(byTemplate!)).toEqual(Object.keys(byPino!));
  expect({ ...byTemplate, time: 0 }).toEqual({ ...byPino, time: 0 });
  expect(Math.abs(Number(byTemplate!.time) - Number(byPino!.time))).toBeLessThan(1000);
  expect(byTemplate!.path).toBe(entry.path);
  expect(written[1]!.endsWith('}\n')).toBe(true);

  logger.level = 'warn';
  accessLineWriter(logger)(entry);
  expect(written).toHaveLength(2);
});

it('hands a destination that wants pino’s metadata the line through pino', () => {
  const written: string[] = [];
  const logger = pino(
    { level: 'info' },
    pino.multistream([{ stream: { write: (l: string) => void written.push(l) } }]),
  );
  accessLineWriter(logger)({ reqId: 'req-1', method: 'GET', path: '/x', status: 200, ms: 1 });
  expect(JSON.parse(written[0]!)).toMatchObject({ level: 30, reqId: 'req-1', path: '/x', msg: 'request' });
});
