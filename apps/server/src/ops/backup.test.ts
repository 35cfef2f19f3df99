import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cidOf } from '@app/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { cidKey } from '../storage/blob-store.ts';
import { insertVideo } from '../testing/fixtures.ts';
import { createFreshDatabase, type FreshDatabase } from '../testing/fresh-database.ts';
import { auditLedger, ledgerProblems } from '../testing/ledger-audit.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';
import { MANIFEST, backup, restore } from './backup.ts';

const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `tarang-${name}-`));

describe.each(testDialects)('backup and restore (%s)', (dialect) => {
  let t: TestApp;
  let restored: DatabaseHandle | undefined;
  let fresh: FreshDatabase | null = null;
  const dirs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await restored?.close();
    await t.close();
    await fresh?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A video whose bytes are in the blob store under their real CID, as an upload leaves it. */
  async function storedVideo(creatorId: string, seed: string) {
    const bytes = Buffer.from(`video bytes ${seed} `.repeat(20_000));
    const file = path.join(t.ctx.tempDir, `blob-${seed}`);
    fs.writeFileSync(file, bytes);
    const cid = cidOf(bytes);
    await t.ctx.blobs.putFile(cidKey(cid), file, 'video/mp4');
    return insertVideo(t.ctx.db, creatorId, { cid, size_bytes: bytes.length, status: 'ready' });
  }

  it('backs up under load and restores a fresh instance: same people and videos, sound books, every blob by its CID; then copies only new blobs', async () => {
    const creator = await signUpByEmail(t.app);
    const fans = await Promise.all([signUpByEmail(t.app), signUpByEmail(t.app), signUpByEmail(t.app)]);
    const videos = [await storedVideo(creator.user.id, 'a'), await storedVideo(creator.user.id, 'b')];
    await t.app.inject({
      method: 'POST',
      url: `/api/videos/${videos[0]!.id}/like`,
      headers: bearer(fans[0]!.access_token),
    });

    // tips keep flowing while the backup runs
    let tipping = true;
    let tipsAnswered = 0;
    const load = (async () => {
      for (let i = 0; tipping; i++) {
        const fan = fans[i % fans.length]!;
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/videos/${videos[i % 2]!.id}/tip`,
          headers: { ...bearer(fan.access_token), 'idempotency-key': `backup-load-${i}` },
          payload: { video_id: videos[i % 2]!.id, amount: 0.1 },
        });
        if (res.statusCode < 300) tipsAnswered++;
      }
    })();
    const dir = temp('backup');
    dirs.push(dir);
    const first = await backup(t.ctx.config, dir);
    tipping = false;
    await load;
    expect(tipsAnswered).toBeGreaterThan(0);
    expect(first.blobs.map((b) => b.key)).toEqual(expect.arrayContaining(videos.map((v) => cidKey(v.cid))));
    expect(first.copied).toBe(first.blobs.length);
    expect(fs.existsSync(path.join(dir, MANIFEST))).toBe(true);

    // Restore into a fresh instance: a new DATA_DIR, and for PostgreSQL a new, empty database.
    const dataDir = temp('restored');
    dirs.push(dataDir);
    fresh = dialect === 'postgres' ? await createFreshDatabase() : null;
    const config = loadConfig({ DATA_DIR: dataDir, ...(fresh ? { DATABASE_URL: fresh.url } : {}) });
    await restore(config, dir);
    await expect(restore(config, dir)).rejects.toThrow(/empty|exists/); // never over a deployment

    restored = openDatabase({ databaseUrl: config.databaseUrl, dataDir });
    const db = restored.db;
    const ids = async (table: 'users' | 'videos', from = db) =>
      (await from.selectFrom(table).select('id').execute()).map((r) => r.id).sort();
    expect(await ids('users')).toEqual(await ids('users', t.ctx.db));
    expect(await ids('videos')).toEqual(await ids('videos', t.ctx.db));
    expect(ledgerProblems(await auditLedger(db))).toEqual([]);
    const like = await db.selectFrom('video_likes').selectAll().execute();
    expect(like).toHaveLength(1);
    // every blob is there, and its bytes still hash to the CID it is stored under
    for (const video of videos) {
      const bytes = fs.readFileSync(path.join(dataDir, 'blobs', ...cidKey(video.cid).split('/')));
      expect(cidOf(bytes)).toBe(video.cid);
    }

    // Into the same folder again: only what is new is copied.
    await storedVideo(creator.user.id, 'c');
    const second = await backup(t.ctx.config, dir);
    expect(second.copied).toBe(1);
    expect(second.blobs).toHaveLength(first.blobs.length + 1);
  });
});
