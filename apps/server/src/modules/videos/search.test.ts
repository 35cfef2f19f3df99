import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VideoLimits } from '@app/shared';
import { insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { signUpByEmail } from '../../testing/test-users.ts';

describe.each(testDialects)('search on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const creator = await signUpByEmail(t.app);
    const add = async (key: string, title: string, description = '', tags: string[] = []) => {
      ids[key] = (await insertVideo(t.ctx.db, creator.user.id, { title, description, tags: JSON.stringify(tags) })).id;
    };
    await add('colour', 'Colour grading for beginners');
    await add('color', 'Color theory', 'Why a color wheel helps');
    await add('length', 'Focal length explained', '', ['lenses']);
    await add('kathakali', 'Kathakali basics', 'Dance drama of Kerala', ['classical', 'dance']);
    await add('cafe', 'Café crème at home');
    await add('cat', 'A cat naps');
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const res = await t.app.inject({ url: `/api/videos?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ videos: { id: string }[] }>().videos.map((v) => v.id);
  };

  it('forgives a typo: a missing, extra or swapped letter', async () => {
    expect(await search('lenght')).toEqual([ids.length]);
    expect(await search('colour')).toEqual([ids.colour, ids.color]);
    expect(await search('kathakalli kerela')).toEqual([ids.kathakali]);
    expect(await search('classcial')).toEqual([ids.kathakali]);
  });

  it('ranks the exact word first, then the typo', async () => {
    expect(await search('color')).toEqual([ids.color, ids.colour]);
    expect(await search('Colour')).toEqual([ids.colour, ids.color]);
  });

  it('still finds by prefix, without accents, needing every word', async () => {
    expect(await search('kathak')).toEqual([ids.kathakali]);
    expect(await search('cafe CREME')).toEqual([ids.cafe]);
    expect(await search('drama kath')).toEqual([ids.kathakali]);
    expect(await search('color kerala')).toEqual([]);
    expect(await search('bharatanatyam')).toEqual([]);
  });

  it('forgives no typo in a short word', async () => {
    expect(await search('cat')).toEqual([ids.cat]);
    expect(await search('bat')).toEqual([]);
  });

  it('pages a ranked result without repeats', async () => {
    const page = async (offset: number) =>
      (await t.app.inject({ url: `/api/videos?q=colour&limit=1&offset=${offset}` })).json<{
        videos: { id: string }[];
      }>().videos[0]?.id;
    expect([await page(0), await page(1), await page(2)]).toEqual([ids.colour, ids.color, undefined]);
  });

  it('refuses an oversized query and survives special characters and SQL', async () => {
    expect((await t.app.inject({ url: `/api/videos?q=${'a'.repeat(VideoLimits.searchMax + 1)}` })).statusCode).toBe(
      400,
    );
    expect(await search('x'.repeat(VideoLimits.searchMax))).toEqual([]);
    expect(await search(`"*) OR 1=1 --`)).toEqual([]);
    expect(await search(`'; drop table videos; --`)).toEqual([]);
    expect(await search('%_\\ \u{10FFFF} 🎨')).toEqual([]);
    expect((await t.app.inject({ url: '/api/videos?q=%00colour' })).statusCode).toBeLessThan(500);
    expect(await search('***')).toEqual([]);
    expect(await search(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toEqual([]);
    // an empty query is no filter: the whole feed
    expect((await search('')).length).toBe(Object.keys(ids).length);
    expect(await search('kathakali')).toEqual([ids.kathakali]);
  });
});
