import http from 'node:http';
import type { AuthResponse } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signInWithWallet } from '../testing/test-users.ts';
import { BOUNDARY, listFiles, multipartHead } from '../testing/upload-form.ts';

const head = multipartHead({ title: 'Slow' }, 'a.mp4', 'video/mp4');

/** Opens an upload over real HTTP and sends the head of a file: the caller decides how it ends. */
function startUpload(url: string, token: string) {
  const req = http.request(`${url}/api/videos/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...bearer(token) },
  });
  const response = new Promise<{ status: number; body: string } | 'closed'>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', () => resolve('closed'));
  });
  req.write(head);
  req.write(Buffer.alloc(256 * 1024, 1));
  return { req, response };
}

describe.each(testDialects)('upload attacks on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let url: string;
  const logLines: Array<{ level: number; msg?: string; err?: { message?: string } }> = [];

  beforeAll(async () => {
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'debug' }), {
      write: (line: string) => void logLines.push(JSON.parse(line)),
    });
    t = await createTestApp(dialect, { LOG_LEVEL: 'debug', UPLOAD_IDLE_TIMEOUT_SECONDS: '1' }, { logger });
    creator = await signInWithWallet(t.app);
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const videoCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('videos')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers 400 with a clear detail to a multipart body without a boundary', async () => {
    for (const [method, route] of [
      ['POST', '/api/videos/upload'],
      ['PUT', '/api/user/profile'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: route,
        headers: { 'content-type': 'multipart/form-data', ...bearer(creator.access_token) },
        payload: 'no boundary here',
      });
      expect(res.statusCode, route).toBe(400);
      expect(res.json(), route).toEqual({
        detail: 'The multipart/form-data body has no boundary',
        code: 'bad_request',
      });
    }
  });

  it('logs a client that disconnects mid-upload once, below error level, and keeps nothing', async () => {
    const videos = await videoCount();
    logLines.length = 0;
    const { req } = startUpload(url, creator.access_token);
    await expect.poll(() => listFiles(t.ctx.tempDir).length).toBe(1);
    req.destroy();
    await expect.poll(() => logLines.filter((l) => l.msg === 'upload aborted by the client').length).toBe(1);
    await expect.poll(() => listFiles(t.ctx.tempDir)).toEqual([]);
    expect(await videoCount()).toBe(videos);
    // pino levels: 50 is error, 60 fatal
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('ends an upload that stops sending bytes after the idle timeout, with a clear error and no leftovers, while other requests go on', async () => {
    const videos = await videoCount();
    const { req, response } = startUpload(url, creator.access_token);
    await expect.poll(() => listFiles(t.ctx.tempDir).length).toBe(1);
    // the stalled upload does not hold up anybody else
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const res = await response;
    // the silent client does not keep the connection either
    await expect.poll(() => req.socket?.destroyed ?? true).toBe(true);
    expect(res).toEqual({
      status: 408,
      body: JSON.stringify({ detail: 'The upload stalled: no data arrived for 1 s', code: 'upload_stalled' }),
    });
    await expect.poll(() => listFiles(t.ctx.tempDir)).toEqual([]);
    expect(await videoCount()).toBe(videos);
  });
});
