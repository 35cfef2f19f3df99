import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cidOf } from '@app/media';
import type { StreamCreated } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import { releaseBlob } from './release-blob.ts';
import { insertClip, insertVideo } from '../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';
import { blobInUse } from './blob-references.repository.ts';
import { cidKey } from './blob-store.ts';

const someCid = () => `bafkrei${newId(52).toLowerCase()}`;

const storeBytes = async (t: TestApp, text: string): Promise<string> => {
  const bytes = Buffer.from(text);
  const file = path.join(os.tmpdir(), `blob-${newId()}`);
  await fsp.writeFile(file, bytes);
  const cid = cidOf(bytes);
  await t.ctx.blobs.putFile(cidKey(cid), file, 'video/mp2t');
  return cid;
};

describe.each(testDialects)('blob references on %s', (dialect) => {
  let t: TestApp;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const user = await signUpByEmail(t.app);
    userId = user.user.id;
    token = user.access_token;
  });
  afterAll(() => t.close());

  it('finds a blob used as a video, a thumbnail, a recording, a clip, or the source of a clip being cut', async () => {
    const video = await insertVideo(t.ctx.db, userId, { thumbnail_cid: someCid() });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(token),
      payload: { title: 'Recorded' },
    });
    const recording = someCid();
    await t.ctx.db
      .updateTable('streams')
      .set({ recording_cid: recording })
      .where('id', '=', created.json<StreamCreated>().stream_id)
      .execute();
    const clip = await insertClip(t.ctx.db, userId, video.id);
    const cutting = await insertClip(t.ctx.db, userId, video.id, {
      status: 'processing',
      cid: null,
      source_cid: someCid(),
    });
    const cut = await insertClip(t.ctx.db, userId, video.id, { source_cid: someCid() });

    for (const cid of [video.cid, video.thumbnail_cid!, recording, clip.cid!, cutting.source_cid!])
      expect(await blobInUse(t.ctx.db, cid)).toBe(true);
    // a finished clip no longer needs its snapshot, and a blob nobody mentions is free
    expect(await blobInUse(t.ctx.db, cut.source_cid!)).toBe(false);
    expect(await blobInUse(t.ctx.db, someCid())).toBe(false);
  });

  it('keeps a live snapshot whose bytes are also the final recording, and deletes one that is not', async () => {
    const keep = await storeBytes(t, 'recorded once, snapshotted at the very end');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(token),
      payload: { title: 'Ended right after' },
    });
    await t.ctx.db
      .updateTable('streams')
      .set({ recording_cid: keep })
      .where('id', '=', created.json<StreamCreated>().stream_id)
      .execute();
    const drop = await storeBytes(t, 'a snapshot nobody needs any more');

    await releaseBlob(t.ctx, keep);
    await releaseBlob(t.ctx, drop);
    expect(await t.ctx.blobs.size(cidKey(keep))).toBeGreaterThan(0);
    expect(await t.ctx.blobs.size(cidKey(drop))).toBeUndefined();
  });
});
