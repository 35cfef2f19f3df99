import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../server/src/testing/fixtures.ts';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { signUpByEmail } from '../support/email-user.ts';
import { openServerDatabase, startServer, type RunningServer } from '../support/server.ts';

describe.runIf(browserAvailable())('notifications in Chromium', () => {
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

  const signedUp = async (email: string, width: number): Promise<Page> => {
    const page = await (await newContext(browser, { baseURL: server.url, width })).newPage();
    await signUpByEmail(page, email);
    return page;
  };
  /** a ready video of the user with this address, straight into the server's database */
  const videoOf = async (email: string, title: string) => {
    const { db, close } = openServerDatabase(server);
    try {
      const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return await insertVideo(db, id, { title });
    } finally {
      await close();
    }
  };
  const bellName = (page: Page) => page.getByTestId('notification-bell').getAttribute('aria-label');

  it.each([1280, 360])(
    'at %i px: a follow and a tip raise the bell without a reload; the page lists them and marks all read',
    async (width) => {
      const creatorEmail = `creator-${width}-${Date.now()}@example.com`;
      const creator = await signedUp(creatorEmail, width);
      const video = await videoOf(creatorEmail, `Evening raga ${width}`);
      await creator.goto('/');
      await expect.poll(() => bellName(creator)).toBe('Notifications');
      expect(await creator.getByTestId('notification-count').count()).toBe(0);

      const fan = await signedUp(`fan-${width}-${Date.now()}@example.com`, width);
      await fan.goto(`/video/${video.id}`);
      await fan.getByTestId('follow-button').click();
      await expect.poll(() => fan.getByTestId('follow-button').textContent()).toBe('Following');
      await expect.poll(() => creator.getByTestId('notification-count').textContent()).toBe('1');
      expect(await bellName(creator)).toBe('Notifications, 1 unread');

      await fan.getByTestId('thanks-button').click();
      await fan.getByTestId('tip-amount').fill('2.5');
      await fan.getByTestId('tip-submit').click();
      await expect.poll(() => creator.getByTestId('notification-count').textContent()).toBe('2');
      expect(await bellName(creator)).toBe('Notifications, 2 unread');

      await creator.getByTestId('notification-bell').click();
      const menu = creator.getByTestId('notification-menu');
      await menu.getByText(`tipped you 2.5 tokens on “Evening raga ${width}”`, { exact: false }).waitFor();
      await menu.getByText('started following you', { exact: false }).waitFor();
      await screenshot(creator, `notifications-menu-${width}`);

      await menu.getByRole('menuitem', { name: 'See all notifications' }).click();
      await creator.waitForURL(/\/notifications$/);
      const list = creator.getByTestId('notification-list');
      await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
      await screenshot(creator, `notifications-page-${width}`);
      await creator.getByTestId('notifications-mark-all').click();
      await expect.poll(() => bellName(creator)).toBe('Notifications');
      expect(await creator.getByTestId('notification-count').count()).toBe(0);
      expect(await creator.getByTestId('notifications-mark-all').count()).toBe(0);
      expect(await list.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);
      await screenshot(creator, `notifications-read-${width}`);
      await fan.context().close();
      await creator.context().close();
    },
  );

  it('shows the empty page, and a kind turned off in settings is not created', async () => {
    const email = `quiet-${Date.now()}@example.com`;
    const creator = await signedUp(email, 1280);
    const video = await videoOf(email, 'Quiet video');
    await creator.goto('/notifications');
    await creator.getByTestId('notifications-empty').waitFor();
    await screenshot(creator, 'notifications-empty-1280');
    await creator.goto('/settings');
    const follows = creator.getByTestId('notify-follow');
    await expect.poll(() => follows.isChecked()).toBe(true);
    // a click, not uncheck(): the switch follows the saved preference a render later, and uncheck()
    // wants the state changed the instant the click lands
    await follows.click();
    await expect.poll(() => follows.isChecked()).toBe(false);
    await expect.poll(() => follows.isEnabled()).toBe(true);
    await screenshot(creator, 'notifications-settings-1280');

    const fan = await signedUp(`fan-quiet-${Date.now()}@example.com`, 1280);
    await fan.goto(`/video/${video.id}`);
    await fan.getByTestId('follow-button').click();
    await expect.poll(() => fan.getByTestId('follow-button').textContent()).toBe('Following');
    await creator.goto('/notifications');
    await creator.getByTestId('notifications-empty').waitFor();
    expect(await creator.getByTestId('notification-count').count()).toBe(0);
  });
});
