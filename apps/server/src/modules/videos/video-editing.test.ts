import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo, runFfmpeg } from '@app/media';
import { ThumbnailLimits, type AuthResponse, type ThumbnailChoices, type Video } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';
import { form, listFiles } from '../../testing/upload-form.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-tools-'));
const movie = path.join(fixtures, 'movie.mp4');
const picture = path.join(fixtures, 'picture.png');

describe.each(testDialects)("creator's tools on %s", (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let stranger: AuthResponse;

  beforeAll(async () => {
    if (!fs.existsSync(movie)) await generateTestVideo(movie, { seconds: 4, width: 320, height: 180 });
    if (!fs.existsSync(picture))
      await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90', '-frames:v', '1', picture]);
    t = await createTestApp(dialect);
    creator = await signInWithWallet(t.app);
    stranger = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const as = (who: AuthResponse | null) => (who ? bearer(who.access_token) : {});
  const upload = async (title: string): Promise<Video> => {
    const { payload, headers } = form(
      { title, category: 'Education' },
      { name: 'movie.mp4', type: 'video/mp4', data: fs.readFileSync(movie) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      payload,
      headers: { ...headers, ...as(creator) },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Video>();
  };
  const jobsSettled = async () => {
    for (let i = 0; i < 600; i++) {
      const busy = await t.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('jobs did not settle');
  };
  const patch = (id: string, body: unknown, who: AuthResponse | null = creator) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/videos/${encodeURIComponent(id)}`,
      payload: body as object,
      headers: as(who),
    });
  const remove = (id: string, who: AuthResponse | null = creator) =>
    t.app.inject({ method: 'DELETE', url: `/api/videos/${encodeURIComponent(id)}`, headers: as(who) });
  const putThumbnail = (id: string, data: Buffer, who: AuthResponse = creator) => {
    const { payload, headers } = form({}, { name: 'thumb.png', type: 'image/png', data });
    return t.app.inject({
      method: 'PUT',
      url: `/api/videos/${id}/thumbnail`,
      payload,
      headers: { ...headers, ...as(who) },
    });
  };
  const blobs = () => listFiles(path.join(t.ctx.config.dataDir, 'blobs')).sort();
  const search = async (q: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/videos?q=${encodeURIComponent(q)}` })).json<{ videos: Video[] }>()
      .videos;

  it('edits the details and picks one of three frames; search and the cached feed follow', async () => {
    const video = await upload('Marmalade sunrise');
    await jobsSettled();
    expect((await search('marmalade')).map((v) => v.id)).toEqual([video.id]);
    const choices = await t.app.inject({
      method: 'GET',
      url: `/api/videos/${video.id}/thumbnail-choices`,
      headers: as(creator),
    });
    expect(choices.statusCode).toBe(200);
    const { frames, current } = choices.json<ThumbnailChoices>();
    expect(frames).toHaveLength(ThumbnailLimits.frames);
    // a short video's default thumbnail is its 10 % frame: the same bytes, so that choice is current
    expect([0, null]).toContain(current);

    const res = await patch(video.id, {
      title: '  Quince twilight ',
      description: 'Edited',
      category: 'Art',
      tags: ['fruit', 'sky'],
      thumbnail_frame: 1,
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json<Video>();
    expect(edited).toMatchObject({
      title: 'Quince twilight',
      description: 'Edited',
      category: 'Art',
      tags: ['fruit', 'sky'],
    });
    expect(edited.thumbnail_url).toBe(frames[1]!.sizes.at(-1)!.jpeg_url);
    expect(edited.thumbnail_sizes).toEqual(frames[1]!.sizes);
    expect(await search('marmalade')).toEqual([]);
    expect((await search('quince')).map((v) => v.id)).toEqual([video.id]);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/videos/${video.id}/thumbnail-choices`,
      headers: as(creator),
    });
    expect(again.json<ThumbnailChoices>().current).toBe(1);
    const image = await t.app.inject({ method: 'GET', url: edited.thumbnail_url! });
    expect(image.statusCode).toBe(200);
  }, 120_000);

  it('refuses other people, visitors, bad ids and bad fields with a clear 4xx', async () => {
    const video = await insertVideo(t.ctx.db, creator.user.id, { title: 'Untouched' });
    const other = await patch(video.id, { title: 'Defaced' }, stranger);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'not_video_creator' });
    expect((await patch(video.id, { title: 'Defaced' }, null)).statusCode).toBe(401);
    expect((await remove(video.id, stranger)).statusCode).toBe(403);
    expect((await putThumbnail(video.id, fs.readFileSync(picture), stranger)).statusCode).toBe(403);
    const choices = await t.app.inject({
      method: 'GET',
      url: `/api/videos/${video.id}/thumbnail-choices`,
      headers: as(stranger),
    });
    expect(choices.statusCode).toBe(403);
    expect((await patch('no-such-video', { title: 'x' })).json()).toMatchObject({ code: 'video_not_found' });
    expect((await patch('x'.repeat(65), { title: 'x' })).statusCode).toBe(400);
    expect((await remove('no-such-video')).statusCode).toBe(404);
    for (const body of [
      { title: '' },
      { title: 'x'.repeat(101) },
      { description: 'x'.repeat(5001) },
      { category: 'Nope' },
      { tags: Array.from({ length: 16 }, (_, i) => `t${i}`) },
      { thumbnail_frame: 3 },
      { thumbnail_frame: -1 },
      { creator_id: stranger.user.id },
      { status: 'ready' },
    ]) {
      const res = await patch(video.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ code: string }>().code).not.toBe('internal');
    }
    // a video processed before frames were kept: still editable, a frame choice is refused plainly
    const old = await patch(video.id, { thumbnail_frame: 0 });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ code: 'thumbnail_frame_unavailable' });
    expect((await patch(video.id, { title: 'Still editable' })).json()).toMatchObject({ title: 'Still editable' });
    // someone else's video still processing is not there for a stranger
    const hidden = await insertVideo(t.ctx.db, creator.user.id, { status: 'processing' });
    expect((await patch(hidden.id, { title: 'x' }, stranger)).statusCode).toBe(404);
  });

  it('re-encodes an uploaded picture, and refuses fake, hostile and oversized ones keeping nothing', async () => {
    const video = await insertVideo(t.ctx.db, creator.user.id);
    const before = blobs();
    const fakes: Array<[string, Buffer]> = [
      ['PNG magic then garbage', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)])],
      ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['a video', fs.readFileSync(movie)],
      ['a JPEG header and nothing else', Buffer.from('ffd8ffe000104a464946', 'hex')],
    ];
    for (const [name, data] of fakes) {
      const res = await putThumbnail(video.id, data);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'not_an_image' });
    }
    const huge = await putThumbnail(video.id, Buffer.alloc(ThumbnailLimits.maxImageBytes + 1, 0xff));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'file_too_large' });
    expect(blobs()).toEqual(before);
    expect(listFiles(t.ctx.tempDir)).toEqual([]);

    const original = fs.readFileSync(picture);
    const res = await putThumbnail(video.id, original);
    expect(res.statusCode).toBe(200);
    const { thumbnail_url, thumbnail_sizes } = res.json<Video>();
    expect(thumbnail_sizes.map((s) => s.width)).toEqual([320, 640]);
    const served = await t.app.inject({ method: 'GET', url: thumbnail_url! });
    expect(served.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff'); // a JPEG written by the server
    expect(served.rawPayload.equals(original)).toBe(false);
    expect(listFiles(t.ctx.tempDir)).toEqual([]);
  }, 60_000);

  it('deletes a video with its clips, comments and blobs; keeps the ledger; staff may delete too', async () => {
    const before = blobs();
    const video = await upload('Going away');
    await jobsSettled();
    expect(blobs().length).toBeGreaterThan(before.length);
    const clip = await insertClip(t.ctx.db, stranger.user.id, video.id);
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/comments`,
      payload: { text: 'Nice' },
      headers: as(stranger),
    });
    expect(comment.statusCode).toBe(201);
    const tip = await t.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/tip`,
      payload: { amount: 1 },
      headers: as(stranger),
    });
    expect(tip.statusCode).toBe(200);
    const entries = () => t.ctx.db.selectFrom('ledger_entries').select('id').where('ref', '=', video.id).execute();
    const ledgerBefore = await entries();
    expect(ledgerBefore.length).toBeGreaterThanOrEqual(1); // the tip (the same bytes earned their upload reward before)

    expect((await remove(video.id)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/clips/${clip.id}` })).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('comments').select('id').where('target_id', '=', video.id).execute()).toEqual([]);
    expect(await entries()).toEqual(ledgerBefore);
    expect(blobs()).toEqual(before);
    // pages that name it still load: the creator's notifications, received tips, the stranger's history
    for (const [url, who] of [
      ['/api/notifications', creator],
      ['/api/user/tips', creator],
      ['/api/user/videos', creator],
    ] as const)
      expect((await t.app.inject({ method: 'GET', url, headers: as(who) })).statusCode, url).toBe(200);
    expect((await remove(video.id)).statusCode).toBe(404);

    const staff = await signUpByEmail(t.app);
    await t.ctx.db.updateTable('users').set({ role: 'support' }).where('id', '=', staff.user.id).execute();
    const reported = await insertVideo(t.ctx.db, creator.user.id);
    expect((await remove(reported.id, staff)).statusCode).toBe(204);
  }, 120_000);

  it('deletes a video still processing: the job discards its work and leaves no blob or temp file', async () => {
    await jobsSettled();
    const before = blobs();
    const video = await upload('Cancelled while processing');
    expect(video.status).toBe('processing');
    // deleted while its job renders (its job row is keyed by the video)
    for (let i = 0; i < 100; i++) {
      const job = await t.ctx.db
        .selectFrom('jobs')
        .select('status')
        .where('id', 'like', `%${video.id}%`)
        .executeTakeFirst();
      if (job?.status !== 'queued') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await remove(video.id)).statusCode).toBe(204);
    await jobsSettled();
    expect(blobs()).toEqual(before);
    expect(listFiles(t.ctx.tempDir)).toEqual([]);
    expect(await t.ctx.db.selectFrom('videos').select('id').where('id', '=', video.id).execute()).toEqual([]);
  }, 120_000);

  it('answers views, likes and tips racing a delete with 2xx or 404, never a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const video = await insertVideo(t.ctx.db, creator.user.id);
      const results = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/videos/${video.id}/view`, headers: as(stranger) }),
        t.app.inject({ method: 'POST', url: `/api/videos/${video.id}/like`, headers: as(stranger) }),
        t.app.inject({
          method: 'POST',
          url: `/api/videos/${video.id}/tip`,
          payload: { amount: 0.1 },
          headers: as(stranger),
        }),
        remove(video.id),
        t.app.inject({ method: 'POST', url: `/api/videos/${video.id}/view` }),
      ]);
      for (const res of results) expect([200, 201, 204, 404], res.body).toContain(res.statusCode);
    }
  });
});
