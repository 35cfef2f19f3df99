import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../server/src/testing/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAvailable, launchBrowser, screenshot } from '../support/browser.ts';
import { openServerDatabase, startServer, type RunningServer } from '../support/server.ts';
import { signedInWithWallet, type SignedInPage } from '../support/session.ts';

describe.runIf(browserAvailable())('per-day charts in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let creator: SignedInPage;

  const post = async (page: Page, url: string, body?: object) => {
    const token = await page.evaluate(() => localStorage.getItem('authToken')!);
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  };
  const noOverflow = async (page: Page, label: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    creator = await signedInWithWallet(browser, server.url);
    const fan = await signedInWithWallet(browser, server.url);
    const address = creator.wallet.account.address;
    const { db, close } = openServerDatabase(server);
    let videoId: string;
    try {
      const { id } = await db
        .selectFrom('users')
        .select('id')
        .where('wallet_address', '=', address)
        .executeTakeFirstOrThrow();
      videoId = (await insertVideo(db, id, { title: 'Evening raga' })).id;
    } finally {
      await close();
    }
    await post(fan.page, `/api/videos/${videoId}/view`);
    await post(fan.page, `/api/videos/${videoId}/like`);
    await post(fan.page, '/api/subscribe', { creator_wallet: address });
    await post(fan.page, `/api/videos/${videoId}/comments`, { text: 'Beautiful' });
    await fan.context.close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([1280, 360])(
    'at %i px: the creator dashboard draws the last 30 days, and a keyboard switches it to a table',
    async (width) => {
      const { page } = creator;
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/creator-dashboard');
      const chart = page.getByTestId('creator-chart');
      await chart.locator('canvas').first().waitFor();
      const figure = chart.getByRole('img', { name: 'Your last 30 days' });
      await figure.waitFor();
      // the screen reader's summary names each series with its total
      const summary = await page
        .locator(`#${(await figure.getAttribute('aria-describedby'))!.replace(/:/g, '\\:')}`)
        .textContent();
      expect(summary).toContain('Views: 1 in total');
      expect(summary).toContain('New followers: 1 in total');
      expect(summary).toContain('Comments: 1 in total');
      await chart.scrollIntoViewIfNeeded();
      await noOverflow(page, `the chart at ${width} px`);
      await screenshot(page, `charts-creator-${width}`);
      expect(await seriousViolations(page, `creator chart at ${width} px`, '[data-testid="creator-chart"]')).toEqual(
        [],
      );

      const toggle = chart.getByRole('button', { name: 'Show as table' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const table = chart.getByRole('table', { name: 'Your last 30 days' });
      await table.waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toEqual([
        'Date',
        'Views',
        'Likes',
        'New followers',
        'Comments',
        'Tokens earned',
      ]);
      expect(await table.getByRole('rowheader').count()).toBe(30);
      const today = table.getByRole('row').last();
      expect(await today.getByRole('cell').allTextContents()).toEqual(['1', '1', '1', '1', '1.1']);
      expect(
        await chart.getByRole('button', { name: 'Show as chart' }).evaluate((b) => b === document.activeElement),
      ).toBe(true);
      // the table's scrolling box is reachable by keyboard too
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('region');
      await noOverflow(page, `the table at ${width} px`);
      await screenshot(page, `charts-creator-table-${width}`);
      expect(await seriousViolations(page, `creator table at ${width} px`, '[data-testid="creator-chart"]')).toEqual(
        [],
      );
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await chart.locator('canvas').first().waitFor();
    },
  );

  it("the advertiser's analytics tab draws a campaign's impressions, clicks and spend", async () => {
    const { page } = creator;
    await page.setViewportSize({ width: 1280, height: 900 });
    await post(page, '/api/advertisers/account', { company_name: 'Chai Point', contact_email: 'ads@chai.example' });
    await post(page, '/api/advertisers/funds', { amount: 1000 });
    const token = await page.evaluate(() => localStorage.getItem('authToken')!);
    const created = await fetch(`${server.url}/api/advertisers/campaigns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Morning chai',
        description: 'Fresh every day',
        budget: 500,
        daily_budget: 100,
        target_category: 'Music',
      }),
    });
    const { id } = (await created.json()) as { id: string };
    // an anonymous visitor sees the card and clicks it
    await fetch(`${server.url}/api/advertisers/campaigns/${id}/impression`, { method: 'POST' });
    await fetch(`${server.url}/api/advertisers/campaigns/${id}/click`, { method: 'POST' });
    await page.goto('/advertiser');
    await page.getByTestId('advertiser-tab-analytics').click();
    const chart = page.getByTestId('campaign-chart');
    await chart.locator('canvas').first().waitFor();
    await chart.getByRole('button', { name: 'Show as table' }).click();
    const today = chart.getByRole('table').getByRole('row').last();
    expect(await today.getByRole('cell').allTextContents()).toEqual(['1', '1', expect.stringMatching(/^₹\d/)]);
    await chart.getByRole('button', { name: 'Show as chart' }).click();
    await chart.locator('canvas').first().waitFor();
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'charts-campaign-1280');
    expect(await seriousViolations(page, 'campaign chart', '[data-testid="advertiser-dashboard"]')).toEqual([]);
  });

  it('the earnings page shows its empty state when nothing was earned yet', async () => {
    const { page } = creator;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/viewer-earnings');
    const chart = page.getByTestId('earnings-chart');
    await chart.getByText('Nothing to show for these days yet.').waitFor();
    expect(await seriousViolations(page, 'earnings chart', '[data-testid="earnings-chart"]')).toEqual([]);
  });
});
