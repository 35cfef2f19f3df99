import type { AuthResponse, VideoCaption, VideoCaptionList } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { form, listFiles } from '../../testing/upload-form.ts';
import path from 'node:path';

const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nनमस्ते, Tarang!\n';

describe.each(testDialects)('video captions on %s', (dialect) => {
  let t: TestApp;
  let creator: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const video = (status: 'ready' | 'processing' = 'ready') => insertVideo(t.ctx.db, creator.user.id, { status });
  const put = (videoId: string, language: string, text: string, who = creator) => {
    const { payload, headers } = form({}, { name: 'subs.vtt', type: 'text/vtt', data: Buffer.from(text) });
    return t.app.inject({
      method: 'PUT',
      url: `/api/videos/${videoId}/captions/${language}`,
      payload,
      headers: { ...headers, ...bearer(who.access_token) },
    });
  };
  const list = async (videoId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/videos/${videoId}/captions` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VideoCaptionList>().captions;
  };
  const captionBlobs = () => listFiles(path.join(t.ctx.config.dataDir, 'blobs', 'captions'));

  it('stores a creator’s WebVTT file and serves it as text/vtt to anyone', async () => {
    const { id } = await video();
    const res = await put(id, 'hi', VTT);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<VideoCaption>()).toEqual({ language: 'hi', url: `/api/videos/${id}/captions/hi` });
    expect(await list(id)).toEqual([{ language: 'hi', url: `/api/videos/${id}/captions/hi` }]);

    const file = await t.app.inject({ method: 'GET', url: `/api/videos/${id}/captions/hi` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.body).toBe(VTT);
  });

  it('replaces a language’s file and removes the old one from the store', async () => {
    const { id } = await video();
    expect((await put(id, 'pt-BR', VTT)).statusCode).toBe(201);
    const before = captionBlobs().length;
    const newer = 'WEBVTT - second take\n\n00:01.000 --> 00:03.000\nOlá\n';
    expect((await put(id, 'pt-BR', newer)).statusCode).toBe(201);
    expect(captionBlobs()).toHaveLength(before);
    const file = await t.app.inject({ method: 'GET', url: `/api/videos/${id}/captions/pt-BR` });
    expect(file.body).toBe(newer);
    expect(await list(id)).toHaveLength(1);
  });

  it('removes a language on the creator’s request', async () => {
    const { id } = await video();
    await put(id, 'en', VTT);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${id}/captions/en`,
      headers: bearer(creator.access_token),
    });
    expect(res.statusCode).toBe(204);
    expect(await list(id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/videos/${id}/captions/en` })).statusCode).toBe(404);
  });

  it('lets the creator caption a video still processing, which nobody else can see', async () => {
    const { id } = await video('processing');
    expect((await put(id, 'ta', VTT)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/api/videos/${id}/captions` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/videos/${id}/captions/ta` })).statusCode).toBe(404);
  });
});
