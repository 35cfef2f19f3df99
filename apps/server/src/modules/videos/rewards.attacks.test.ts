import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import type { AuthResponse, Video } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../testing/fixtures.ts';
import { form } from '../../testing/upload-form.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'reward-attacks-'));
const clip = path.join(fixtures, 'clip.mp4');
const PAID_VIEWS_PER_ADDRESS = 4;

function uploadForm(title: string, data: Buffer) {
  return form({ title, category: 'Education' }, { name: 'clip.mp4', type: 'video/mp4', data });
}

/** Attacks on the token rewards of videos: views paid by rotated browsers, the same upload paid again. */
describe.each(testDialects)('video rewards under attack on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    if (!fs.existsSync(clip)) await generateTestVideo(clip, { seconds: 2, width: 320, height: 180 });
    t = await createTestApp(dialect, {
      ANON_PAID_VIEWS_PER_ADDRESS: String(PAID_VIEWS_PER_ADDRESS),
      ANON_VIEWS_PER_ADDRESS: '10',
    });
  });
  afterAll(() => t.close());

  const tokens = async (who: AuthResponse) =>
    (await t.app.inject({ url: '/api/user/profile', headers: bearer(who.access_token) })).json<{
      total_tokens: number;
    }>().total_tokens;
  const view = (videoId: string, remoteAddress: string, userAgent: string, who?: AuthResponse) =>
    t.app.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/view`,
      remoteAddress,
      headers: { 'user-agent': userAgent, ...(who ? bearer(who.access_token) : {}) },
    });

  it('pays one anonymous view per address and video a day, however often the User-Agent rotates', async () => {
    const creator = await signUpByEmail(t.app);
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const before = await tokens(creator);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => view(v.id, '198.51.100.20', `Mozilla/5.0 (rotated ${i})`)),
    );
    // counted for real people behind one address, up to ANON_VIEWS_PER_ADDRESS; paid once
    expect(results.filter((r) => r.json().counted).length).toBe(10);
    expect(await tokens(creator)).toBeCloseTo(before + 0.1, 6);
    // the same from rotating hosts of one IPv6 /64
    const v6 = await insertVideo(t.ctx.db, creator.user.id);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => view(v6.id, `2001:db8:1:2::${(i + 1).toString(16)}`, 'same browser')),
    );
    expect(await tokens(creator)).toBeCloseTo(before + 0.2, 6);
  });

  it('caps the anonymous views paid per address a day over many videos', async () => {
    const creator = await signUpByEmail(t.app);
    const videos = await Promise.all(Array.from({ length: 10 }, () => insertVideo(t.ctx.db, creator.user.id)));
    const before = await tokens(creator);
    await Promise.all(videos.map((v, i) => view(v.id, '198.51.100.30', `agent ${i}`)));
    expect(await tokens(creator)).toBeCloseTo(before + PAID_VIEWS_PER_ADDRESS * 0.1, 6);
    // a signed-in viewer is paid for as such, once per video a day, even behind that address
    const viewer = await signUpByEmail(t.app);
    await Promise.all([0, 1, 2].map(() => view(videos[0]!.id, '198.51.100.30', 'agent x', viewer)));
    expect(await tokens(creator)).toBeCloseTo(before + (PAID_VIEWS_PER_ADDRESS + 1) * 0.1, 6);
  });

  it('pays the upload reward once per creator and content, however often the same bytes are uploaded', async () => {
    const creator = await signInWithWallet(t.app);
    const data = fs.readFileSync(clip);
    const before = await tokens(creator);
    const upload = (title: string) => {
      const { payload, headers } = uploadForm(title, data);
      return t.app.inject({
        method: 'POST',
        url: '/api/videos/upload',
        payload,
        headers: { ...headers, ...bearer(creator.access_token) },
      });
    };
    const first = await upload('Take 1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await Promise.all(['Take 2', 'Take 3', 'Take 4', 'Take 5'].map(upload));
    expect(again.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await tokens(creator)).toBe(before + 10);
    expect(first.json<Video>().tokens_earned).toBe(10);
    expect(again.map((r) => r.json<Video>().tokens_earned)).toEqual([0, 0, 0, 0]);
    // another creator uploading the same bytes is a separate upload
    const other = await signInWithWallet(t.app);
    const { payload, headers } = uploadForm('Mine too', data);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/videos/upload',
          payload,
          headers: { ...headers, ...bearer(other.access_token) },
        })
      ).json<Video>().tokens_earned,
    ).toBe(10);
  });
});
