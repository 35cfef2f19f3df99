import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import type { Clip, Video } from '@app/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signedInWithWallet, type SignedInPage } from '../support/session.ts';

describe.runIf(browserAvailable())('comments in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: SignedInPage; // uploads the video
  let viewer: SignedInPage;
  let video: Video;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-comments-')), 'Talk.mp4');

  const apiAs = async <T>(page: Page, url: string, init: RequestInit = {}): Promise<T> => {
    const token = await page.evaluate(() => localStorage.getItem('authToken')!);
    const res = await fetch(`${server.url}${url}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  const noOverflow = async (page: Page, label: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
  };
  const comment = (page: Page, text: string) => page.getByTestId('comment').filter({ hasText: text }).first();
  const write = async (page: Page, text: string) => {
    const form = page.getByTestId('comment-form');
    await form.getByTestId('comment-input').fill(text);
    await form.getByTestId('comment-submit').click();
    await comment(page, text).waitFor();
  };

  beforeAll(async () => {
    await generateTestVideo(file, { seconds: 12, width: 640, height: 360 }); // long enough to clip
    server = await startServer();
    browser = await launchBrowser();
    owner = await signedInWithWallet(browser, server.url);
    viewer = await signedInWithWallet(browser, server.url);
    const form = new FormData();
    form.set('file', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), 'Talk.mp4');
    form.set('title', 'A talk');
    form.set('category', 'Education');
    video = await apiAs<Video>(owner.page, '/api/videos/upload', { method: 'POST', body: form });
    for (const deadline = Date.now() + 60_000; video.status !== 'ready'; await new Promise((r) => setTimeout(r, 250))) {
      if (Date.now() > deadline || video.status === 'failed') throw new Error(`the video is ${video.status}`);
      video = await apiAs<Video>(owner.page, `/api/videos/${video.id}`);
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks a visitor to sign in and shows the empty state', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    await page.goto(`/video/${video.id}`);
    await page.getByTestId('comments-empty').waitFor();
    await page.getByTestId('comments-sign-in').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.getByTestId('comment-form').count()).toBe(0);
    await context.close();
  });

  it('at 1280 px: post, links as nofollow text, reply, show replies, report, delete', async () => {
    const { page } = viewer;
    await page.goto(`/video/${video.id}`);
    await page.getByTestId('comments-empty').waitFor();
    await write(page, 'Great talk! <b>not bold</b> https://example.com/notes');
    const first = comment(page, 'Great talk!');
    expect(await first.locator('b').count()).toBe(0); // markup stays text
    const link = first.getByRole('link', { name: 'https://example.com/notes' });
    expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(await link.getAttribute('target')).toBe('_blank');
    await page.getByTestId('comment-count').filter({ hasText: /^1$/ }).waitFor();

    // The creator replies, from the keyboard.
    await owner.page.goto(`/video/${video.id}`);
    const onOwner = comment(owner.page, 'Great talk!');
    await onOwner.getByTestId('reply-button').click();
    await owner.page.keyboard.type('Thank you for watching');
    await owner.page.keyboard.press('Control+Enter');
    await onOwner.getByTestId('replies-toggle').click();
    await comment(owner.page, 'Thank you for watching').waitFor();

    // The viewer opens the replies and reports the creator's reply.
    await page.reload();
    await comment(page, 'Great talk!').getByTestId('replies-toggle').click();
    const reply = comment(page, 'Thank you for watching');
    await reply.getByTestId('report-button').click();
    await page.getByTestId('report-comment-dialog').waitFor();
    await page.getByTestId('report-reason').fill('Spam link');
    await page.getByTestId('report-comment-submit').click();
    await page.getByText('Thank you. Our team will look at this comment.').waitFor();
    await page.getByTestId('comments').scrollIntoViewIfNeeded();
    await screenshot(page, 'comments-1280');

    // The viewer deletes their own comment: its reply goes with it.
    await comment(page, 'Great talk!').getByTestId('delete-button').first().click();
    await page.getByTestId('delete-comment-submit').click();
    await page.getByText('Comment deleted').waitFor();
    await page.getByTestId('comments-empty').waitFor();
    await page.getByTestId('comment-count').filter({ hasText: /^0$/ }).waitFor();
  });

  it('at 360 px: write and reply without sideways scrolling', async () => {
    const narrow = await signedInWithWallet(browser, server.url, 360);
    const { page } = narrow;
    await page.goto(`/video/${video.id}`);
    await page.getByTestId('comments').scrollIntoViewIfNeeded();
    await write(page, 'Watching on my phone, a long line of text that has to wrap nicely on a small screen');
    const mine = comment(page, 'Watching on my phone');
    await mine.getByTestId('reply-button').click();
    await page.getByTestId('reply-form').getByTestId('comment-input').fill('Adding a reply to myself');
    await page.getByTestId('reply-form').getByTestId('comment-submit').click();
    await mine.getByTestId('replies-toggle').click();
    await comment(page, 'Adding a reply to myself').waitFor();
    await noOverflow(page, 'the video page with comments at 360 px');
    await page.getByTestId('comments').scrollIntoViewIfNeeded();
    await screenshot(page, 'comments-360');
    // The feed's card counts comments and replies.
    await page.goto('/');
    await page.getByTestId('video-card').filter({ hasText: '2 comments' }).waitFor();
    await noOverflow(page, 'the home feed at 360 px');
    await screenshot(page, 'comments-card-360');
    await narrow.context.close();
  });

  it('comments on a clip under the clip player', async () => {
    const { clip_id } = await apiAs<{ clip_id: string }>(viewer.page, '/api/clips/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Best bit',
        description: '',
        start_time: 0,
        duration: 10,
        tags: [],
        source_video_id: video.id,
      }),
    });
    let clip = await apiAs<Clip>(viewer.page, `/api/clips/${clip_id}`);
    for (const deadline = Date.now() + 60_000; clip.status !== 'ready'; await new Promise((r) => setTimeout(r, 250))) {
      if (Date.now() > deadline || clip.status === 'failed') throw new Error(`the clip is ${clip.status}`);
      clip = await apiAs<Clip>(viewer.page, `/api/clips/${clip.id}`);
    }
    const { page } = viewer;
    await page.goto(`/clips/${clip.id}`);
    await page.getByTestId('comments-empty').waitFor();
    await write(page, 'What a moment');
    await page.getByTestId('comment-count').filter({ hasText: /^1$/ }).waitFor();
  }, 90_000);

  it('the creator turns comments off: the list hides and writing is no longer offered', async () => {
    await owner.page.goto(`/video/${video.id}`);
    const toggle = owner.page.getByTestId('comments-enabled-toggle');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await owner.page.getByTestId('comments-off').waitFor();
    await owner.page.getByTestId('comments').scrollIntoViewIfNeeded();
    await screenshot(owner.page, 'comments-off-creator');
    await viewer.page.goto(`/video/${video.id}`);
    await viewer.page.getByTestId('comments-off').waitFor();
    expect(await viewer.page.getByTestId('comment-form').count()).toBe(0);
    expect(await viewer.page.getByTestId('comments-enabled-toggle').count()).toBe(0); // only the creator has it
    await toggle.click();
    await owner.page.getByTestId('comment-form').waitFor();
  });
});
