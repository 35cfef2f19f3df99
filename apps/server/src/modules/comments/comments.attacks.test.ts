import { CommentLimits, type Comment, type CommentList } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';

/** Every input a stranger controls on the comment routes, played as the attack. */
describe.each(testDialects)('comments under attack on %s', (dialect) => {
  let t: TestApp;
  let creator: Awaited<ReturnType<typeof signUpByEmail>>;
  let author: Awaited<ReturnType<typeof signUpByEmail>>;
  let stranger: Awaited<ReturnType<typeof signUpByEmail>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOBS_WORKER: 'false' });
    [creator, author, stranger] = await Promise.all([signUpByEmail(t.app), signUpByEmail(t.app), signUpByEmail(t.app)]);
  });
  afterAll(() => t.close());

  const post = (path: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${path}/comments`, payload, headers: bearer(token) });
  const texts = async (path: string) =>
    (await t.app.inject({ url: `${path}/comments` })).json<CommentList>().comments.map((c) => c.text);
  const count = async (path: string) => (await t.app.inject({ url: path })).json().comment_count;
  const expectRefused = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, detail: expect.any(String) });
  };

  it("refuses deleting someone else's comment, also on a video the caller does not own: 403, nothing lost", async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const comment = (await post(path, author.access_token, { text: 'Mine' })).json<Comment>();
    const strangersVideo = await insertVideo(t.ctx.db, stranger.user.id); // owning another video gives nothing here
    expect(strangersVideo.creator_id).toBe(stranger.user.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${comment.id}`,
      headers: bearer(stranger.access_token),
    });
    expectRefused(res, 403, 'not_comment_author');
    expect(await texts(path)).toEqual(['Mine']);
    expect(await count(path)).toBe(1);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/comments/${comment.id}` });
    expectRefused(anonymous, 401, 'sign_in_required');
  });

  it('refuses turning comments off on a video that is not yours', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/${v.id}/comment-settings`,
      payload: { comments_enabled: false },
      headers: bearer(stranger.access_token),
    });
    expectRefused(res, 403, 'not_content_creator');
    expect((await t.app.inject({ url: `/api/videos/${v.id}` })).json().comments_enabled).toBe(true);
  });

  it('refuses a reply to a missing parent, to a comment of another video, and to a reply', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const other = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const elsewhere = (await post(`/api/videos/${other.id}`, author.access_token, { text: 'There' })).json<Comment>();
    expectRefused(
      await post(path, author.access_token, { text: 'x', parent_id: 'nope' }),
      400,
      'comment_parent_not_found',
    );
    expectRefused(
      await post(path, author.access_token, { text: 'x', parent_id: elsewhere.id }),
      400,
      'comment_parent_not_found',
    );
    const top = (await post(path, author.access_token, { text: 'Top' })).json<Comment>();
    const reply = (await post(path, creator.access_token, { text: 'Reply', parent_id: top.id })).json<Comment>();
    expectRefused(
      await post(path, author.access_token, { text: 'Deeper', parent_id: reply.id }),
      400,
      'comment_reply_to_reply',
    );
    expect(await count(path)).toBe(2);
    expect(await count(`/api/videos/${other.id}`)).toBe(1);
  });

  it('refuses empty, blank, over-long, NUL-holding and non-string text with a field and code', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    expect((await post(path, author.access_token, { text: '' })).json()).toMatchObject({
      code: 'required',
      field: 'text',
    });
    expect((await post(path, author.access_token, { text: '   \n ' })).json()).toMatchObject({ code: 'required' });
    const long = await post(path, author.access_token, { text: 'x'.repeat(CommentLimits.textMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'too_long', field: 'text', params: { max: CommentLimits.textMax } });
    expectRefused(await post(path, author.access_token, { text: 'a\u0000b' }), 400, 'nul_character');
    expect((await post(path, author.access_token, { text: { $gt: '' } })).statusCode).toBe(400);
    expect((await post(path, author.access_token, {})).statusCode).toBe(400);
    expect(await count(path)).toBe(0);
    const exact = await post(path, author.access_token, { text: 'y'.repeat(CommentLimits.textMax) });
    expect(exact.statusCode).toBe(201);
  });

  it('stores HTML and script as text and returns it unchanged, never as markup', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> <a href="javascript:x">hi</a>';
    expect((await post(path, author.access_token, { text: html })).json<Comment>().text).toBe(html);
    const res = await t.app.inject({ url: `${path}/comments` });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json<CommentList>().comments[0]!.text).toBe(html);
  });

  it('limits how many comments one account posts per hour, without slowing anyone else', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const spammer = await signUpByEmail(t.app);
    const results = [];
    for (let i = 0; i < CommentLimits.postsPerHour + 2; i++)
      results.push((await post(path, spammer.access_token, { text: `spam ${i}` })).statusCode);
    expect(results.filter((s) => s === 201)).toHaveLength(CommentLimits.postsPerHour);
    const limited = await post(path, spammer.access_token, { text: 'one more' });
    expectRefused(limited, 429, 'rate_limited');
    expect((await post(path, stranger.access_token, { text: 'I am fine' })).statusCode).toBe(201);
    expect(await count(path)).toBe(CommentLimits.postsPerHour + 1);
  });

  it('refuses posting while comments are off, replies included', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const top = (await post(path, author.access_token, { text: 'Before' })).json<Comment>();
    await t.app.inject({
      method: 'PATCH',
      url: `${path}/comment-settings`,
      payload: { comments_enabled: false },
      headers: bearer(creator.access_token),
    });
    expectRefused(await post(path, author.access_token, { text: 'After' }), 403, 'comments_disabled');
    expectRefused(
      await post(path, creator.access_token, { text: 'Me too', parent_id: top.id }),
      403,
      'comments_disabled',
    );
    const replies = (await t.app.inject({ url: `/api/comments/${top.id}/replies` })).json<CommentList>();
    expect(replies).toMatchObject({ comments: [], comments_enabled: false });
    expect(await count(path)).toBe(1);
  });

  it('answers 404 with a code for ids that do not exist, and 400 for malformed ones', async () => {
    const missing = 'doesnotexist';
    expectRefused(await t.app.inject({ url: `/api/videos/${missing}/comments` }), 404, 'video_not_found');
    expectRefused(await t.app.inject({ url: `/api/clips/${missing}/comments` }), 404, 'clip_not_found');
    expectRefused(await post(`/api/videos/${missing}`, author.access_token, { text: 'x' }), 404, 'video_not_found');
    for (const [method, url] of [
      ['DELETE', `/api/comments/${missing}`],
      ['GET', `/api/comments/${missing}/replies`],
      ['POST', `/api/comments/${missing}/report`],
    ] as const)
      expectRefused(
        await t.app.inject({
          method,
          url,
          headers: bearer(author.access_token),
          ...(method === 'POST' ? { payload: {} } : {}),
        }),
        404,
        'comment_not_found',
      );
    const tooLong = await t.app.inject({ url: `/api/videos/${'x'.repeat(65)}/comments` });
    expect(tooLong.statusCode).toBe(400);
    const badPage = await t.app.inject({ url: `/api/videos/${missing}/comments?limit=1000&offset=-1` });
    expect(badPage.statusCode).toBe(400);
    const processing = await insertVideo(t.ctx.db, creator.user.id, { status: 'processing' });
    expectRefused(
      await post(`/api/videos/${processing.id}`, author.access_token, { text: 'x' }),
      404,
      'video_not_found',
    );
  });

  it('keeps videos and clips apart: a video id is no clip, and a reply cannot cross from one to the other', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const c = await insertClip(t.ctx.db, creator.user.id, v.id);
    expectRefused(await post(`/api/clips/${v.id}`, author.access_token, { text: 'x' }), 404, 'clip_not_found');
    expectRefused(await post(`/api/videos/${c.id}`, author.access_token, { text: 'x' }), 404, 'video_not_found');
    const onVideo = (await post(`/api/videos/${v.id}`, author.access_token, { text: 'On the video' })).json<Comment>();
    expectRefused(
      await post(`/api/clips/${c.id}`, author.access_token, { text: 'x', parent_id: onVideo.id }),
      400,
      'comment_parent_not_found',
    );
    expect(await texts(`/api/clips/${c.id}`)).toEqual([]);
    expect(await count(`/api/clips/${c.id}`)).toBe(0);
  });
});
