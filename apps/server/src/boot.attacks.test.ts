import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import type { Video } from '@app/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from './boot.ts';
import { loadConfig } from './config.ts';
import { createTestApp } from './testing/test-app.ts';
import { bearer, signInWithWallet } from './testing/test-users.ts';
import { BOUNDARY, form, multipartHead } from './testing/upload-form.ts';

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;
/** Every file and folder under a folder, with its permission bits. */
const modesUnder = (dir: string) =>
  fs.readdirSync(dir, { recursive: true, withFileTypes: true }).map((d) => {
    const full = path.join(d.parentPath, d.name);
    return { path: full, dir: d.isDirectory(), mode: modeOf(full) };
  });

describe('DATA_DIR is private to the server user (SQLite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-modes-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes the database, its WAL, the secrets, blobs and temp files as 600 in 700 folders, tightening what an older version left open', async () => {
    // an install from before: everything readable by every local user
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ appSecret: 'x'.repeat(43) }), {
      mode: 0o644,
    });
    fs.chmodSync(path.join(dataDir, 'secrets.json'), 0o644);
    const clip = path.join(os.tmpdir(), `tarang-modes-${process.pid}.mp4`);
    await generateTestVideo(clip, { seconds: 2, width: 320, height: 180 });

    const t = await createTestApp(
      'sqlite',
      { DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      { logger: createLogger(loadConfig({ LOG_LEVEL: 'error' })) },
    );
    let stalled: http.ClientRequest | undefined;
    try {
      const creator = await signInWithWallet(t.app);
      const url = await t.app.listen({ host: '127.0.0.1', port: 0 });

      // a temp file while its upload is under way
      stalled = http.request(`${url}/api/videos/upload`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...bearer(creator.access_token) },
      });
      stalled.on('error', () => undefined);
      stalled.write(multipartHead({}, 'a.mp4', 'video/mp4'));
      stalled.write(Buffer.alloc(64 * 1024, 1));
      await expect.poll(() => fs.readdirSync(t.ctx.tempDir).length).toBe(1);
      expect(modeOf(path.join(t.ctx.tempDir, fs.readdirSync(t.ctx.tempDir)[0]!))).toBe(0o600);
      stalled.destroy();
      await expect.poll(() => fs.readdirSync(t.ctx.tempDir)).toEqual([]);

      // a finished upload, transcoded to HLS renditions
      const upload = form({ title: 'Modes' }, { name: 'm.mp4', type: 'video/mp4', data: fs.readFileSync(clip) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/videos/upload',
        payload: upload.payload,
        headers: { ...upload.headers, ...bearer(creator.access_token) },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<Video>().id;
      await expect
        .poll(async () => (await t.app.inject({ url: `/api/videos/${id}` })).json<Video>().status, {
          timeout: 60_000,
          interval: 200,
        })
        .toBe('ready');

      for (const f of ['app.db', 'app.db-wal', 'app.db-shm', 'secrets.json'])
        expect([f, modeOf(path.join(dataDir, f))]).toEqual([f, 0o600]);
      expect(modeOf(dataDir)).toBe(0o700);
      const everything = modesUnder(dataDir);
      expect(everything.some((e) => e.path.includes(`${path.sep}hls${path.sep}`) && !e.dir)).toBe(true);
      expect(everything.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600))).toEqual([]);
    } finally {
      stalled?.destroy(); // an open upload would hold the server's close
      await t.close();
      fs.rmSync(clip, { force: true });
    }
  }, 90_000);
});

describe('secret warning at start', () => {
  const start = async (env: Record<string, string>) => {
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'info' }), {
      write: (line: string) => void lines.push(JSON.parse(line)),
    });
    const t = await createTestApp('sqlite', { LOG_LEVEL: 'info', ...env }, { logger });
    await t.close();
    return lines.filter((l) => l.level === 40 && l.msg.includes('APP_SECRET is not set'));
  };

  it('warns in production when the generated secret sits beside the SQLite database', async () => {
    const warnings = await start({ NODE_ENV: 'production' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('secrets.json, beside the database');
  });

  it('stays quiet with APP_SECRET set, and outside production', async () => {
    expect(await start({ NODE_ENV: 'production', APP_SECRET: 's'.repeat(40) })).toEqual([]);
    expect(await start({})).toEqual([]);
  });
});
