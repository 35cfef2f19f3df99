import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/src/modules/users/users.service.ts';
import { insertVideo } from '../../server/src/testing/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { signUpByEmail } from '../support/email-user.ts';
import { openServerDatabase, startServer, type RunningServer } from '../support/server.ts';

/** More than three home pages of 12: the feed has a second and a third page and an end. */
const FEED_VIDEOS = 40;
/** More than one history page of 20. */
const WATCHED = 23;

describe.runIf(browserAvailable())('history and growing feeds in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let videoIds: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const { db, close } = openServerDatabase(server);
    try {
      const creator = await createUser(db, {
        username: 'history_creator',
        email: 'history-creator@example.com',
        role: 'user',
        welcomeBonus: false,
      });
      videoIds = [];
      for (let i = 0; i < FEED_VIDEOS; i++) {
        const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
        videoIds.push((await insertVideo(db, creator.id, { title: `Feed video ${i + 1}`, created_at: at })).id);
      }
    } finally {
      await close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Watch history rows as heartbeats would leave them: the newest watched first, each a different share. */
  const watched = async (email: string) => {
    const { db, close } = openServerDatabase(server);
    try {
      const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      for (let i = 0; i < WATCHED; i++) {
        await db
          .insertInto('watch_history')
          .values({
            user_id: id,
            video_id: videoIds[i]!,
            position_ms: ((i % 4) + 1) * 1000, // 25 %, 50 %, 75 %, 100 % of the 4 s fixture
            duration_ms: 4000,
            watched_at: new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString(),
          })
          .execute();
      }
    } finally {
      await close();
    }
  };
  const cardIds = (page: Page) =>
    page
      .getByTestId('video-card')
      .locator('a.video-card-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const noSerious = async (page: Page, label: string) => expect(await seriousViolations(page, label)).toEqual([]);

  it.each([1280, 360])('at %i px: the history shows progress, pauses and clears', async (width) => {
    const page = await (await newContext(browser, { baseURL: server.url, width })).newPage();
    await page.goto('/history');
    await page.getByTestId('sign-in-prompt').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Keep track of what you watch');

    const email = `history-${width}-${Date.now()}@example.com`;
    await signUpByEmail(page, email);
    await page.goto('/history');
    await page.getByTestId('history-empty').waitFor();
    await watched(email);
    await page.reload();

    await expect.poll(() => page.getByTestId('watched-bar').count()).toBe(20);
    const bars = page.getByTestId('watched-bar');
    // newest first: the 23rd watched (4 s of 4) leads, then 3 of 4 …
    expect(await bars.nth(0).getAttribute('aria-valuenow')).toBe('75');
    expect(await bars.nth(1).getAttribute('aria-valuenow')).toBe('50');
    expect(await bars.nth(0).getAttribute('aria-label')).toBe('75% watched');
    await noSerious(page, `history ${width}`);
    await screenshot(page, `history-${width}`);

    await page.getByTestId('history-more').scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('watched-bar').count()).toBe(WATCHED);
    await page.getByTestId('history-end').waitFor();
    expect(new Set(await cardIds(page)).size).toBe(WATCHED);

    const pause = page.getByTestId('history-pause');
    await pause.scrollIntoViewIfNeeded();
    await pause.click();
    await page.getByTestId('history-paused').waitFor();
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await page.getByTestId('history-paused').waitFor(); // kept by the server
    await noSerious(page, `history paused ${width}`);
    await screenshot(page, `history-paused-${width}`);
    await page.getByTestId('history-pause').click();
    await expect.poll(() => page.getByTestId('history-paused').count()).toBe(0);

    await page.getByTestId('history-clear').click();
    const dialog = page.getByTestId('clear-history-dialog');
    await dialog.waitFor();
    await noSerious(page, `clear dialog ${width}`);
    await screenshot(page, `history-clear-${width}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByTestId('watched-bar').count()).toBe(20); // the first page, as the reload left it
    // where the viewer stopped on this device goes with the history (the server's too: history.test.ts)
    await page.evaluate(() =>
      localStorage.setItem('tarang.resume', JSON.stringify({ 'video:x': { position: 30, at: Date.now() } })),
    );
    await page.getByTestId('history-clear').click();
    await page.getByTestId('clear-history-submit').click();
    await page.getByTestId('history-empty').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tarang.resume'))).toBeNull();
    await screenshot(page, `history-cleared-${width}`);
    await page.context().close();
  });

  it.each([1280, 360])('at %i px: the home feed loads the next page on scroll, each video once', async (width) => {
    const page = await (await newContext(browser, { baseURL: server.url, width })).newPage();
    await page.goto('/');
    await expect.poll(async () => (await cardIds(page)).length).toBeGreaterThanOrEqual(12);
    const before = (await cardIds(page)).length;
    await page.getByTestId('feed-more').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await cardIds(page)).length).toBeGreaterThan(before);
    for (let i = 0; i < 10 && (await page.getByTestId('feed-end').count()) === 0; i++) {
      await page.mouse.wheel(0, 5000);
      await page.waitForTimeout(200);
    }
    await page.getByTestId('feed-end').waitFor();
    const ids = await cardIds(page);
    expect(ids).toHaveLength(FEED_VIDEOS);
    expect(new Set(ids).size).toBe(FEED_VIDEOS);
    await page.getByTestId('feed-end').scrollIntoViewIfNeeded();
    await noSerious(page, `home end ${width}`);
    await screenshot(page, `feed-end-${width}`);
    await page.context().close();
  });

  it.each([1280, 360])(
    'at %i px: without IntersectionObserver the Load more button pages by keyboard',
    async (width) => {
      const context = await newContext(browser, { baseURL: server.url, width });
      await context.addInitScript(() => {
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
      const page = await context.newPage();
      await page.goto('/');
      await expect.poll(async () => (await cardIds(page)).length).toBe(12);
      const more = page.getByTestId('feed-more');
      await more.focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await cardIds(page)).length).toBe(24);
      await more.scrollIntoViewIfNeeded();
      await screenshot(page, `feed-more-${width}`);
      await more.focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await cardIds(page)).length).toBe(36);
      await more.focus();
      await page.keyboard.press(' ');
      await page.getByTestId('feed-end').waitFor();
      expect(new Set(await cardIds(page)).size).toBe(FEED_VIDEOS);
      await context.close();
    },
  );
});
