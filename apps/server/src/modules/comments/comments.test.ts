import type { Comment, CommentList, NotificationList } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertVideo } from '../../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';

describe.each(testDialects)('comments on %s', (dialect) => {
  let t: TestApp;
  let creator: Awaited<ReturnType<typeof signUpByEmail>>;
  let viewer: Awaited<ReturnType<typeof signUpByEmail>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOBS_WORKER: 'false' });
    creator = await signUpByEmail(t.app);
    viewer = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const post = (path: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${path}/comments`, payload, headers: bearer(token) });
  const list = async (path: string, query = '') =>
    (await t.app.inject({ url: `${path}/comments${query}` })).json<CommentList>();
  const remove = (id: string, token: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: bearer(token) });
  const videoCount = async (id: string) => (await t.app.inject({ url: `/api/videos/${id}` })).json().comment_count;

  it('posts a comment and lists top-level comments newest first, with the author and reply count', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const first = await post(path, viewer.access_token, { text: '  First!  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json<Comment>()).toMatchObject({
      text: 'First!',
      user: { id: viewer.user.id, username: viewer.user.username },
      parent_id: null,
      reply_count: 0,
    });
    await new Promise((r) => setTimeout(r, 5));
    await post(path, creator.access_token, { text: 'Second' });
    const page = await list(path);
    expect(page.comments_enabled).toBe(true);
    expect(page.creator_id).toBe(creator.user.id);
    expect(page.comments.map((c) => c.text)).toEqual(['Second', 'First!']);
    expect((await list(path, '?limit=1&offset=1')).comments.map((c) => c.text)).toEqual(['First!']);
    expect(await videoCount(v.id)).toBe(2);
  });

  it('tells the creator of a comment on their clip and the author of a reply to theirs, and nobody of their own', async () => {
    const inbox = async (token: string) =>
      (await t.app.inject({ url: '/api/notifications', headers: bearer(token) })).json<NotificationList>()
        .notifications;
    const third = await signUpByEmail(t.app);
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const k = await insertClip(t.ctx.db, creator.user.id, v.id, { title: 'The drop' });
    const before = (await inbox(creator.access_token)).length;
    const parent = (await post(`/api/clips/${k.id}`, viewer.access_token, { text: 'Great clip' })).json<Comment>();
    const [toCreator] = await inbox(creator.access_token);
    expect(toCreator).toMatchObject({
      kind: 'comment',
      payload: {
        actor: viewer.user.username,
        target: 'clip',
        target_id: k.id,
        title: 'The drop',
        comment_id: parent.id,
      },
    });
    const reply = (
      await post(`/api/clips/${k.id}`, third.access_token, { text: 'Agreed', parent_id: parent.id })
    ).json<Comment>();
    expect((await inbox(viewer.access_token))[0]).toMatchObject({
      kind: 'reply',
      payload: { actor: third.user.username, comment_id: reply.id },
    });
    expect(await inbox(creator.access_token)).toHaveLength(before + 2); // the reply is a comment on the clip too
    // the creator answering, and commenting on their own clip, tells only the comment's author
    await post(`/api/clips/${k.id}`, creator.access_token, { text: 'Thanks', parent_id: parent.id });
    await post(`/api/clips/${k.id}`, creator.access_token, { text: 'Pinned note' });
    expect(await inbox(creator.access_token)).toHaveLength(before + 2);
    expect((await inbox(viewer.access_token)).filter((n) => n.kind === 'reply')).toHaveLength(2);
  });

  it('keeps one level of replies: listed under their comment, counted on it and on the video', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const parent = (await post(path, viewer.access_token, { text: 'Question?' })).json<Comment>();
    const reply = await post(path, creator.access_token, { text: 'Answer.', parent_id: parent.id });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<Comment>().parent_id).toBe(parent.id);
    const top = await list(path);
    expect(top.comments).toHaveLength(1); // replies are not top-level
    expect(top.comments[0]!.reply_count).toBe(1);
    const replies = (await t.app.inject({ url: `/api/comments/${parent.id}/replies` })).json<CommentList>();
    expect(replies.comments.map((c) => c.text)).toEqual(['Answer.']);
    expect(await videoCount(v.id)).toBe(2);
  });

  it('deleting a comment deletes its replies and lowers the counts; deleting a reply lowers its parent', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const parent = (await post(path, viewer.access_token, { text: 'Top' })).json<Comment>();
    const r1 = (await post(path, creator.access_token, { text: 'R1', parent_id: parent.id })).json<Comment>();
    await post(path, viewer.access_token, { text: 'R2', parent_id: parent.id });
    expect(await videoCount(v.id)).toBe(3);

    expect((await remove(r1.id, creator.access_token)).statusCode).toBe(204);
    expect((await list(path)).comments[0]!.reply_count).toBe(1);
    expect(await videoCount(v.id)).toBe(2);

    expect((await remove(parent.id, viewer.access_token)).statusCode).toBe(204);
    expect((await list(path)).comments).toEqual([]);
    expect(await videoCount(v.id)).toBe(0);
    const replies = await t.app.inject({ url: `/api/comments/${parent.id}/replies` });
    expect(replies.statusCode).toBe(404);
    expect(replies.json().code).toBe('comment_not_found');
  });

  it("lets the video's creator and staff delete anyone's comment", async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    const a = (await post(path, viewer.access_token, { text: 'a' })).json<Comment>();
    const b = (await post(path, viewer.access_token, { text: 'b' })).json<Comment>();
    const staff = await signUpByEmail(t.app);
    await t.ctx.db.updateTable('users').set({ role: 'support' }).where('id', '=', staff.user.id).execute();
    expect((await remove(a.id, creator.access_token)).statusCode).toBe(204);
    expect((await remove(b.id, staff.access_token)).statusCode).toBe(204);
    expect(await videoCount(v.id)).toBe(0);
  });

  it('works the same on clips, with the count on the clip', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const c = await insertClip(t.ctx.db, creator.user.id, v.id);
    const path = `/api/clips/${c.id}`;
    const made = await post(path, viewer.access_token, { text: 'Nice clip' });
    expect(made.statusCode).toBe(201);
    expect((await list(path)).comments.map((x) => x.text)).toEqual(['Nice clip']);
    expect((await t.app.inject({ url: path })).json().comment_count).toBe(1);
    expect((await list(`/api/videos/${v.id}`)).comments).toEqual([]); // the source video has none
  });

  it('a creator turns comments off: the list is empty and flagged, posting is refused, and back on shows them', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const path = `/api/videos/${v.id}`;
    await post(path, viewer.access_token, { text: 'Kept' });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `${path}/comment-settings`,
      payload: { comments_enabled: false },
      headers: bearer(creator.access_token),
    });
    expect(off.json()).toEqual({ comments_enabled: false });
    expect(await list(path)).toMatchObject({ comments: [], comments_enabled: false });
    expect((await t.app.inject({ url: path })).json().comments_enabled).toBe(false);
    const refused = await post(path, viewer.access_token, { text: 'Hello?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('comments_disabled');
    await t.app.inject({
      method: 'PATCH',
      url: `${path}/comment-settings`,
      payload: { comments_enabled: true },
      headers: bearer(creator.access_token),
    });
    expect((await list(path)).comments.map((c) => c.text)).toEqual(['Kept']);
  });

  it('reporting a comment opens a report ticket that quotes it and links to it', async () => {
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const comment = (await post(`/api/videos/${v.id}`, creator.access_token, { text: 'Rude words' })).json<Comment>();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${comment.id}/report`,
      payload: { reason: 'Insulting' },
      headers: bearer(viewer.access_token),
    });
    expect(res.statusCode).toBe(201);
    const ticket = await t.app.inject({
      url: `/api/tickets/${res.json().ticket_id}`,
      headers: bearer(viewer.access_token),
    });
    expect(ticket.json()).toMatchObject({ category_slug: 'report' });
    expect(ticket.json().description).toContain('> Rude words');
    expect(ticket.json().description).toContain(`http://localhost:3000/video/${v.id}#comment-${comment.id}`);
    expect(ticket.json().description).toContain('Insulting');
  });

  it("counts comments on the creator's videos and clips on the dashboard", async () => {
    const owner = await signUpByEmail(t.app);
    const v = await insertVideo(t.ctx.db, owner.user.id);
    const c = await insertClip(t.ctx.db, owner.user.id, v.id);
    const top = (await post(`/api/videos/${v.id}`, viewer.access_token, { text: 'one' })).json<Comment>();
    await post(`/api/videos/${v.id}`, owner.access_token, { text: 'two', parent_id: top.id });
    await post(`/api/clips/${c.id}`, viewer.access_token, { text: 'three' });
    const dash = await t.app.inject({ url: '/api/analytics/creator', headers: bearer(owner.access_token) });
    expect(dash.json().overview.total_comments).toBe(3);
  });
});

describe.each(testDialects)('comments and the read cache on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { JOBS_WORKER: 'false', READ_CACHE_MS: '60000' });
  });
  afterAll(() => t.close());

  it('a comment written or deleted shows at once in the cached feed count and comment list', async () => {
    const creator = await signUpByEmail(t.app);
    const v = await insertVideo(t.ctx.db, creator.user.id);
    const feedCount = async () =>
      (await t.app.inject({ url: '/api/videos' })).json().videos.find((x: { id: string }) => x.id === v.id)
        .comment_count;
    const listed = async () => (await t.app.inject({ url: `/api/videos/${v.id}/comments` })).json<CommentList>();
    expect(await feedCount()).toBe(0);
    expect((await listed()).comments).toEqual([]);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/videos/${v.id}/comments`,
      payload: { text: 'Fresh' },
      headers: bearer(creator.access_token),
    });
    expect(await feedCount()).toBe(1);
    expect((await listed()).comments.map((c) => c.text)).toEqual(['Fresh']);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${made.json().id}`,
      headers: bearer(creator.access_token),
    });
    expect(await feedCount()).toBe(0);
    expect((await listed()).comments).toEqual([]);
  });
});
