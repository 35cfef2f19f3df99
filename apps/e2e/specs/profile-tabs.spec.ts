import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClip, insertVideo } from '../../server/src/testing/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { signUpByEmail } from '../support/email-user.ts';
import { openServerDatabase, startServer, type RunningServer } from '../support/server.ts';

/** A profile page of 12 cards a page: one more video than that shows Load more. */
const VIDEOS = 13;

describe.runIf(browserAvailable())('profile tabs and scheduled streams in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** a creator with 13 ready videos and a clip, straight into the server's database */
  const withContent = async (email: string) => {
    const { db, close } = openServerDatabase(server);
    try {
      const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const at = (i: number) => new Date(Date.now() - (VIDEOS - i) * 60_000).toISOString();
      const videos = [];
      for (let i = 0; i < VIDEOS; i++)
        videos.push(await insertVideo(db, id, { title: `Lesson ${i + 1}`, created_at: at(i) }));
      await insertClip(db, id, videos[0]!.id, { title: 'Best tihai' });
    } finally {
      await close();
    }
  };
  const selectedTab = (page: Page) => page.locator('[role=tab][aria-selected=true]').textContent();
  const violations = async (page: Page, label: string) => expect(await seriousViolations(page, label)).toEqual([]);

  it.each([1280, 360])(
    'at %i px: tabs by keyboard and by address; a scheduled stream shows as Upcoming, is edited and cancelled',
    async (width) => {
      const email = `tabs-${width}-${Date.now()}@example.com`;
      // India Standard Time: the time shown is the reader's own, whatever the server's zone
      const page = await (
        await newContext(browser, { baseURL: server.url, width, timezoneId: 'Asia/Kolkata' })
      ).newPage();
      await signUpByEmail(page, email);
      await withContent(email);

      await page.goto('/profile');
      const videos = page.getByTestId('profile-panel-videos');
      await expect.poll(() => videos.getByTestId('video-card').count()).toBe(12);
      await expect.poll(() => selectedTab(page)).toBe('Videos');
      await videos.getByTestId('load-more').click();
      await expect.poll(() => videos.getByTestId('video-card').count()).toBe(VIDEOS);
      await violations(page, `profile videos ${width}`);
      await screenshot(page, `profile-tabs-videos-${width}`);

      // the keyboard: arrows move and show, Home and End jump, only the chosen tab is tabbable
      await page.getByRole('tab', { name: 'Videos' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => selectedTab(page)).toBe('Clips');
      await page.waitForURL(/\?tab=clips$/);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Clips');
      await page.getByTestId('profile-panel-clips').getByText('Best tihai').waitFor();
      await page.keyboard.press('End');
      await expect.poll(() => selectedTab(page)).toBe('Streams');
      await page.keyboard.press('Home');
      await expect.poll(() => selectedTab(page)).toBe('Videos');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => selectedTab(page)).toBe('Streams');
      expect(await page.locator('[role=tab][tabindex="0"]').count()).toBe(1);
      expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('profile-tab-streams');
      await page.keyboard.press('Tab'); // on to the panel
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');

      // a tab can be linked to
      await page.goto('/profile?tab=clips');
      await expect.poll(() => selectedTab(page)).toBe('Clips');
      await page.getByTestId('profile-panel-clips').getByText('Best tihai').waitFor();
      await screenshot(page, `profile-tabs-clips-${width}`);

      // schedule: a time in the past is refused by the shared schema before anything is sent
      await page.goto('/profile?tab=streams');
      const panel = page.getByTestId('profile-panel-streams');
      await panel.getByText('No streams scheduled.').waitFor();
      await panel.getByTestId('schedule-open').click();
      const form = panel.getByTestId('schedule-form');
      await form.getByTestId('schedule-title').fill(`Sitar night ${width}`);
      await form.getByTestId('schedule-time').fill('2020-01-01T10:00');
      await form.getByTestId('schedule-submit').click();
      await expect
        .poll(() => form.getByTestId('schedule-error').textContent())
        .toBe('The start time must be in the future');
      // two days ahead at 18:30 on the reader's (Indian) clock
      const when = await page.evaluate(() => {
        const at = new Date(Date.now() + 2 * 24 * 60 * 60_000);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T18:30`;
      });
      await form.getByTestId('schedule-time').fill(when);
      await violations(page, `schedule form ${width}`);
      await screenshot(page, `profile-schedule-form-${width}`);
      await form.getByTestId('schedule-submit').click();
      const upcoming = panel.getByTestId('streams-scheduled');
      const card = upcoming.getByTestId('stream-card').filter({ hasText: `Sitar night ${width}` });
      await card.getByRole('heading', { name: `Sitar night ${width}` }).waitFor();
      const shown = await card.getByTestId('scheduled-time').textContent();
      expect(shown).toMatch(/^Starts .*6:30/);
      expect(shown).toMatch(/GMT\+5:30|IST/);
      expect(await card.getByTestId('upcoming-badge').textContent()).toBe('Upcoming');
      await violations(page, `profile streams ${width}`);
      await screenshot(page, `profile-tabs-streams-${width}`);

      // the live directory lists it under Upcoming, in the reader's time
      await page.goto('/live');
      await page.getByTestId('status-scheduled').click();
      await page.waitForURL(/status=scheduled/);
      const listed = page.getByTestId('stream-card').filter({ hasText: `Sitar night ${width}` });
      await listed.waitFor();
      expect(await listed.getByTestId('scheduled-time').textContent()).toBe(shown);
      await violations(page, `live upcoming ${width}`);
      await screenshot(page, `live-upcoming-${width}`);

      // a visitor follows the creator's name to their channel: the same public tabs, nothing to change
      const visitor = await (
        await newContext(browser, { baseURL: server.url, width, timezoneId: 'Asia/Kolkata' })
      ).newPage();
      await visitor.goto('/live?status=scheduled');
      await visitor
        .getByTestId('stream-card')
        .filter({ hasText: `Sitar night ${width}` })
        .getByRole('link', { name: email.split('@')[0] })
        .click();
      await visitor.waitForURL(/\/channel\//);
      await visitor.getByRole('heading', { level: 1, name: email.split('@')[0] }).waitFor();
      await expect.poll(() => visitor.getByTestId('profile-panel-videos').getByTestId('video-card').count()).toBe(12);
      await visitor.getByRole('tab', { name: 'Streams' }).click();
      await visitor.waitForURL(/\?tab=streams$/);
      const theirs = visitor.getByTestId('streams-scheduled').getByTestId('stream-card');
      await theirs.getByRole('heading', { name: `Sitar night ${width}` }).waitFor();
      expect(await theirs.getByRole('button').count()).toBe(0);
      expect(await visitor.getByTestId('schedule-open').count()).toBe(0);
      await violations(visitor, `channel ${width}`);
      await screenshot(visitor, `channel-streams-${width}`);
      await visitor.context().close();

      // edit, then cancel
      await page.goto('/profile?tab=streams');
      await upcoming.getByRole('button', { name: new RegExp(`^Edit\\W+Sitar night ${width}$`) }).click();
      await panel.getByTestId('schedule-title').fill(`Sitar and tabla ${width}`);
      await panel.getByTestId('schedule-submit').click();
      await upcoming.getByRole('heading', { name: `Sitar and tabla ${width}` }).waitFor();
      await upcoming.getByRole('button', { name: new RegExp(`^Cancel stream\\W+Sitar and tabla ${width}$`) }).click();
      await panel.getByText('No streams scheduled.').waitFor();
      await page.goto('/live?status=scheduled');
      await page.getByTestId('streams-empty').waitFor();
      expect(
        await page
          .getByTestId('stream-card')
          .filter({ hasText: `Sitar and tabla ${width}` })
          .count(),
      ).toBe(0);
      await page.context().close();
    },
  );
});
