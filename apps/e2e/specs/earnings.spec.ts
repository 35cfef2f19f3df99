import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import type { Video } from '@app/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signedInWithWallet, type SignedInPage } from '../support/session.ts';

/** Uploads a file through the API with the page's own session token. */
async function uploadVideo(
  server: RunningServer,
  page: Page,
  file: string,
  fields: Record<string, string>,
): Promise<Video> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), path.basename(file));
  const res = await fetch(`${server.url}/api/videos/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Video;
}

/**
 * Viewer earnings are paid from pools that only ad money fills: an advertiser of its own (the
 * creator opens their advertiser account in a test below) runs a campaign that a dozen anonymous
 * people, on their own addresses through the trusted proxy, click; then it ends.
 */
async function fundRewardPools(server: RunningServer): Promise<void> {
  const api = async (url: string, body: object, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id: string; counted: boolean; access_token: string }>;
  };
  const { access_token } = await api('/api/auth/register', {
    email: 'pool-funder@example.com',
    password: 'correct horse battery',
  });
  const signedIn = { authorization: `Bearer ${access_token}` };
  await api('/api/advertisers/account', { company_name: 'Pool Funders', contact_email: 'pools@example.com' }, signedIn);
  await api('/api/advertisers/funds', { amount: 1000 }, signedIn);
  const campaign = await api(
    '/api/advertisers/campaigns',
    { title: 'Fund the pools', description: '', budget: 100, daily_budget: 100, target_category: 'Gaming' },
    signedIn,
  );
  for (let i = 1; i <= 12; i++) {
    if (
      !(await api(`/api/advertisers/campaigns/${campaign.id}/click`, {}, { 'x-forwarded-for': `198.51.100.${i}` }))
        .counted
    )
      throw new Error('a funding click was not counted');
  }
  // off the feeds again: the campaign under test is the only sponsored card
  await api(`/api/advertisers/campaigns/${campaign.id}/cancel`, {}, signedIn);
}

describe.runIf(browserAvailable())('viewer earnings and advertising in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let creator: SignedInPage;
  let viewer: SignedInPage;
  let video: Video;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-earn-')), 'Short clip.mp4');

  beforeAll(async () => {
    await generateTestVideo(file, { seconds: 6, width: 320, height: 180 });
    server = await startServer({ TRUST_PROXY: 'true' });
    browser = await launchBrowser();
    creator = await signedInWithWallet(browser, server.url);
    viewer = await signedInWithWallet(browser, server.url);
    video = await uploadVideo(server, creator.page, file, {
      title: 'Six seconds of colour',
      category: 'Music',
      description: 'A short test pattern',
    });
    for (const deadline = Date.now() + 60_000; ;) {
      if (((await (await fetch(`${server.url}/api/videos/${video.id}`)).json()) as Video).status === 'ready') break;
      if (Date.now() > deadline) throw new Error('the uploaded video was not processed in 60 s');
      await new Promise((r) => setTimeout(r, 500));
    }
    await fundRewardPools(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a viewer watches past 75 %, is told so, and sees the earnings, history and a payout still out of reach', async () => {
    const { page } = viewer;
    await page.goto('/viewer-earnings');
    await page.getByTestId('earnings-card-monthly').waitFor();
    expect(await page.getByTestId('earnings-card-monthly').locator('dd').textContent()).toBe('₹0.00');
    await page.getByTestId('earnings-tab-history').click();
    await page.getByTestId('history-empty').waitFor();

    // the page opens its watch session as the player shows, before anyone presses play
    const sessionOpened = page.waitForResponse(
      (r) => r.url().endsWith('/api/viewing/sessions') && r.request().method() === 'POST',
    );
    await page.goto(`/video/${video.id}`);
    const player = page.getByTestId('video-player');
    await player.waitFor();
    expect((await sessionOpened).status()).toBe(201);
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await player.click(); // a real click: the browser lets audible playback start
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => !v.paused && !v.muted)).toBe(true);
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);
    // ₹1 discovery bonus + ₹0.60 a minute for the seconds the server measured (a heartbeat that falls
    // during playback starts the next span when it arrives, so a slow machine may lose a fraction)
    await page.getByText(/You earned ₹1\.0[4-6] for watching this video/).waitFor();

    await page.getByTestId('rate-5').click();
    await page.getByText('Thanks! You earned ₹0.30 for your feedback').waitFor();
    expect(await page.getByTestId('rating-summary').textContent()).toBe('5.0 ★ (1 rating)');
    await screenshot(page, 'earnings-video-rating-1280');

    await page.goto('/viewer-earnings');
    await page.getByTestId('earnings-card-monthly').waitFor();
    // 6 s at ₹0.60 a minute (₹0.06), a new creator's discovery bonus (₹1) and the rating (₹0.30)
    const monthly = await page.getByTestId('earnings-card-monthly').locator('dd').textContent();
    expect(monthly).toMatch(/^₹1\.3[4-6]$/);
    expect(await page.getByTestId('breakdown-watch_time').textContent()).toMatch(/₹0\.0[4-6]/);
    expect(await page.getByTestId('breakdown-discovery').textContent()).toContain('₹1.00');
    expect(await page.getByTestId('open-payout').isDisabled()).toBe(true);
    await screenshot(page, 'earnings-1280');
    await page.getByTestId('earnings-tab-history').click();
    await page.getByTestId('history-row').first().waitFor();
    expect(await page.getByTestId('history-row').first().textContent()).toContain('Six seconds of colour');
    await page.getByTestId('earnings-tab-guide').click();
    expect(await page.getByTestId('referral-code').textContent()).toMatch(/^[A-Z2-9]{8}$/);

    // The payout form: the page is told the threshold is reached; the server, which knows better, still refuses.
    await page.route('**/api/viewing/earnings', async (route) => {
      const response = await route.fetch();
      const body = {
        ...(await response.json()),
        total_monthly_earnings: 5000,
        amount_needed_for_payout: 0,
        progress_to_payout: 100,
      };
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await page.getByTestId('open-payout').click();
    const dialog = page.getByTestId('payout-dialog');
    expect(await dialog.getByTestId('payout-amount').textContent()).toBe('₹5,000.00');
    await dialog.getByTestId('payout-submit').click();
    expect(await dialog.getByTestId('payout-error').textContent()).toBe('Please fill in all bank details');
    await dialog.getByTestId('payout-account_holder_name').fill('Asha Verma');
    await dialog.getByTestId('payout-account_number').fill('123456789012');
    await dialog.getByTestId('payout-ifsc_code').fill('sbin1234567');
    await dialog.getByTestId('payout-bank_name').fill('State Bank of India');
    await dialog.getByTestId('payout-submit').click();
    expect(await dialog.getByTestId('payout-error').textContent()).toBe(
      'Please enter a valid IFSC code (like HDFC0001234)',
    );
    await dialog.getByTestId('payout-ifsc_code').fill('sbin0001234');
    await dialog.getByTestId('payout-submit').click();
    await expect
      .poll(() => dialog.getByTestId('payout-error').textContent())
      .toBe(`Payouts start at ₹5,000.00 of monthly earnings; you have ${monthly}`);
    await screenshot(page, 'earnings-payout-1280');
    await dialog.getByTestId('payout-method').selectOption('upi');
    await dialog.getByTestId('payout-upi_id').fill('asha');
    await dialog.getByTestId('payout-submit').click();
    expect(await dialog.getByTestId('payout-error').textContent()).toBe('Please enter a valid UPI ID (like name@bank)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.unroute('**/api/viewing/earnings');

    await page.setViewportSize({ width: 360, height: 760 });
    await page.reload(); // the sidebar starts closed on a narrow screen
    await page.getByTestId('earnings-card-monthly').waitFor();
    await screenshot(page, 'earnings-360');
    await page.getByTestId('earnings-breakdown').scrollIntoViewIfNeeded();
    await screenshot(page, 'earnings-360-breakdown');
  });

  it('an advertiser creates an account, adds funds and runs a campaign whose sponsored card shows in the feed and counts views', async () => {
    const { page } = creator;
    await page.goto('/advertiser');
    await page.getByTestId('advertiser-create').waitFor(); // the dashboard answered 404: no account yet
    await page.getByTestId('advertiser-create-submit').click();
    expect(await page.getByTestId('advertiser-create-error').textContent()).toBe('Please enter your company name');
    await page.getByTestId('advertiser-company').fill('Masala Beats');
    await page.getByTestId('advertiser-email').fill('ads@masala.example');
    await page.getByTestId('advertiser-phone').fill('+91 98765 43210');
    await page.getByTestId('advertiser-create-submit').click();
    await page.getByTestId('advertiser-dashboard').waitFor();
    expect(await page.getByTestId('advertiser-stat-balance').locator('dd').textContent()).toBe('₹0.00');
    await page.getByTestId('advertiser-tab-campaigns').click();
    await page.getByTestId('campaigns-empty').waitFor();

    await page.getByTestId('open-funds').click();
    const funds = page.getByTestId('funds-dialog');
    await funds.getByTestId('funds-amount').fill('950');
    await funds.getByTestId('funds-submit').click();
    expect(await funds.getByTestId('funds-error').textContent()).toBe('Minimum ₹1000');
    await funds.getByTestId('funds-amount').fill('2050');
    await funds.getByTestId('funds-submit').click();
    expect(await funds.getByTestId('funds-error').textContent()).toBe('Amounts go in steps of ₹100');
    await funds.getByTestId('funds-amount').fill('2000');
    await funds.getByTestId('funds-submit').click();
    await funds.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('advertiser-stat-balance').locator('dd').textContent()).toBe('₹2,000.00');

    await page.getByTestId('open-campaign').click();
    const form = page.getByTestId('campaign-dialog');
    await form.getByTestId('campaign-title-input').fill('Festival playlist');
    await form.getByTestId('campaign-description').fill('Fresh Bollywood and indie tracks every Friday');
    await form.getByTestId('campaign-category').selectOption('Music');
    await form.getByTestId('campaign-budget').fill('3000');
    await form.getByTestId('campaign-daily-budget').fill('100');
    await form.getByTestId('campaign-submit').click();
    expect(await form.getByTestId('campaign-error').textContent()).toBe(
      'The budget is more than your account balance. Add funds first.',
    );
    await form.getByTestId('campaign-budget').fill('500');
    await screenshot(page, 'advertiser-campaign-form-1280');
    await form.getByTestId('campaign-submit').click();
    await form.waitFor({ state: 'hidden' });
    await page.getByTestId('campaign-card').waitFor();
    expect(await page.getByTestId('campaign-status').textContent()).toBe('Active');
    await expect.poll(() => page.getByTestId('advertiser-stat-balance').locator('dd').textContent()).toBe('₹1,500.00');

    // The viewer's Music feed shows the sponsored card among the videos, and seeing it is an impression.
    await viewer.page.setViewportSize({ width: 1280, height: 800 });
    await viewer.page.goto('/?category=music');
    const card = viewer.page.getByTestId('sponsored-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Festival playlist');
    expect(await card.textContent()).toContain('Sponsored');
    expect(await viewer.page.getByTestId('video-card').count()).toBe(1);
    await screenshot(viewer.page, 'sponsored-feed-1280');
    await viewer.page.goto('/?category=news');
    await viewer.page.getByTestId('skeletons').waitFor({ state: 'detached' });
    expect(await viewer.page.getByTestId('sponsored-card').count()).toBe(0);

    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('advertiser-dashboard').waitFor();
        return page.getByTestId('advertiser-stat-views').locator('dd').textContent();
      })
      .toBe('1');
    await page.getByTestId('advertiser-tab-campaigns').click();
    expect(await page.getByTestId('campaign-spent').textContent()).toBe('₹0.20');
    await screenshot(page, 'advertiser-campaigns-1280');
    await page.getByTestId('advertiser-tab-overview').click();
    await screenshot(page, 'advertiser-overview-1280');

    await page.setViewportSize({ width: 360, height: 760 });
    await page.reload();
    await page.getByTestId('advertiser-dashboard').waitFor();
    await screenshot(page, 'advertiser-360');
    await viewer.page.setViewportSize({ width: 360, height: 760 });
    await viewer.page.goto('/?category=music');
    await viewer.page.getByTestId('sponsored-card').scrollIntoViewIfNeeded();
    await screenshot(viewer.page, 'sponsored-feed-360');
  });
});
