import path from 'node:path';
import { CaptionLimits, type AuthResponse, type VideoCaptionList } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { form, listFiles } from '../../testing/upload-form.ts';

const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n';

describe.each(testDialects)('caption uploads under attack on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;
  let stranger: AuthResponse;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [creator, stranger] = [await signUpByEmail(t.app), await signUpByEmail(t.app)];
    videoId = (await insertVideo(t.ctx.db, creator.user.id)).id;
  });
  afterAll(() => t.close());

  const put = (data: Buffer | string, { who = creator, language = 'en', id = videoId } = {}) => {
    const { payload, headers } = form({}, { name: 'subs.vtt', type: 'text/vtt', data: Buffer.from(data) });
    return t.app.inject({
      method: 'PUT',
      url: `/api/videos/${encodeURIComponent(id)}/captions/${encodeURIComponent(language)}`,
      payload,
      headers: { ...headers, ...bearer(who.access_token) },
    });
  };
  const captions = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/videos/${videoId}/captions` })).json<VideoCaptionList>().captions;
  const stored = () => listFiles(path.join(t.ctx.config.dataDir, 'blobs', 'captions'));
  const tempFiles = () => listFiles(t.ctx.tempDir);

  it('refuses captions on someone else’s video, and keeps the creator’s', async () => {
    expect((await put(VTT)).statusCode).toBe(201);
    const res = await put('WEBVTT\n\n00:00.000 --> 00:02.000\nDefaced\n', { who: stranger });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'not_video_creator' });
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${videoId}/captions/en`,
      headers: bearer(stranger.access_token),
    });
    expect(removal.statusCode).toBe(403);
    const file = await t.app.inject({ method: 'GET', url: `/api/videos/${videoId}/captions/en` });
    expect(file.body).toBe(VTT);
  });

  it('refuses a visitor and an unknown video before reading the file', async () => {
    const { payload, headers } = form({}, { name: 'subs.vtt', type: 'text/vtt', data: Buffer.from(VTT) });
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/videos/${videoId}/captions/fr`,
      payload,
      headers,
    });
    expect(visitor.statusCode).toBe(401);
    const missing = await put(VTT, { id: 'no-such-video' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'video_not_found' });
  });

  it.each([
    ['SubRip', '1\n00:00:00,000 --> 00:00:02,000\nHello\n'],
    ['an HTML page', '<!doctype html><script>alert(1)</script>'],
    ['a header run into text', 'WEBVTTX\n\n00:00.000 --> 00:02.000\nHi\n'],
    ['Latin-1 bytes', Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xe9, 0xff])],
    ['a NUL character', 'WEBVTT\n\n00:00.000 --> 00:02.000\nHi\0there\n'],
  ])('refuses %s as not WebVTT and keeps nothing', async (_name, data) => {
    const before = stored().length;
    const res = await put(data, { language: 'de' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'not_webvtt' });
    expect(stored()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
    expect((await captions()).map((c) => c.language)).not.toContain('de');
  });

  it('answers an empty file as no file at all', async () => {
    const res = await put('', { language: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file_missing' });
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a file over the size limit while it arrives', async () => {
    const big = 'WEBVTT\n\n' + '00:00.000 --> 00:02.000\n' + 'x'.repeat(CaptionLimits.maxFileBytes);
    const res = await put(big, { language: 'es' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large', params: { max_mb: 1 } });
    expect(tempFiles()).toEqual([]);
    expect((await captions()).map((c) => c.language)).not.toContain('es');
  });

  it.each(['english', 'EN', 'en_US', '../../etc', 'e', 'en-', 'hi-IN-x-private'])(
    'refuses the language code %j',
    async (language) => {
      const res = await put(VTT, { language });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_format', field: 'language' });
    },
  );

  it('serves a file holding a script as inert text/vtt only', async () => {
    const evil =
      'WEBVTT\n\n00:00.000 --> 00:02.000\n<script>alert(document.cookie)</script><img src=x onerror=alert(1)>\n';
    expect((await put(evil, { language: 'ur' })).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: `/api/videos/${videoId}/captions/ur` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toBe(evil); // the bytes as given: a text track shows them as text
  });

  it('keeps a video to a bounded number of languages', async () => {
    const { id } = await insertVideo(t.ctx.db, creator.user.id);
    const codes = Array.from({ length: CaptionLimits.perVideo }, (_, i) => `x${String.fromCharCode(97 + i)}`);
    for (const language of codes) expect((await put(VTT, { id, language })).statusCode).toBe(201);
    const res = await put(VTT, { id, language: 'zz' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'too_many_captions', params: { max: CaptionLimits.perVideo } });
    expect((await put('WEBVTT\n', { id, language: codes[0] })).statusCode).toBe(201); // replacing stays possible
  });
});
