import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hindi from '../../web/src/lib/i18n/locales/hi.json';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { installTestWallet } from '../support/test-wallet.ts';

/** The account this page is signed in as, asked of the server with the page's own token. */
const signedInWallet = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/user/profile', {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await res.json()) as { wallet_address: string | null }).wallet_address;
  });

describe.runIf(browserAvailable())('accounts people can trust', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  const context = async (opts: { language?: string; width?: number } = {}) => {
    const made = await newContext(browser, { baseURL: server.url, ...opts });
    contexts.push(made);
    return made;
  };

  it('lists two installed wallets by name; the one picked signs, and is remembered', async () => {
    const ctx = await context();
    const alpha = privateKeyToAccount(generatePrivateKey());
    const beta = privateKeyToAccount(generatePrivateKey());
    await installTestWallet(ctx, alpha, { name: 'Alpha Wallet', rdns: 'test.alpha' });
    await installTestWallet(ctx, beta, { name: 'Beta Wallet', rdns: 'test.beta' });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('wallet-choices').waitFor();
    const choices = page.getByTestId('wallet-choice');
    expect(await choices.allTextContents()).toEqual(['Connect Alpha Wallet', 'Connect Beta Wallet']);
    expect(await page.locator('[role=alert]').count()).toBe(0);
    await screenshot(page, 'accounts-two-wallets-1280');

    await page.getByRole('button', { name: 'Connect Beta Wallet' }).click();
    await page.getByTestId('avatar-button').waitFor();
    expect(await signedInWallet(page)).toBe(beta.address);

    // the next visit talks to Beta again: it is the one the page follows (and signs in with after a sign-out)
    expect(await page.evaluate(() => localStorage.getItem('walletChoice'))).toBe('test.beta');
    await page.reload();
    await page.getByTestId('avatar-button').waitFor();
    expect(await signedInWallet(page)).toBe(beta.address);
  });

  it('fits the wallet list on a phone', async () => {
    const ctx = await context({ width: 360 });
    await installTestWallet(ctx, undefined, { name: 'Alpha Wallet', rdns: 'test.alpha' });
    await installTestWallet(ctx, undefined, { name: 'A wallet with a rather long name', rdns: 'test.long' });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('wallet-choices').waitFor();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBe(widths[1]);
    await screenshot(page, 'accounts-two-wallets-360');
  });

  it('opens /login on the email tab when the browser has no wallet, with no error shown', async () => {
    const page = await (await context()).newPage();
    await page.goto('/login');
    await page.getByTestId('email-form').waitFor();
    expect(await page.getByTestId('tab-email').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('[role=alert], .form-error').count()).toBe(0);
  });

  it('says a server refusal and the category names in Hindi', async () => {
    const taken = `taken${Date.now().toString(36)}`;
    const ctx = await context({ language: 'HI' });
    const first = await ctx.request.post('/api/auth/register', {
      data: { email: `${taken}@example.com`, password: 'a long password', username: taken },
    });
    expect(first.status()).toBe(201);

    const page = await ctx.newPage();
    await page.goto('/login');
    const form = page.getByTestId('email-form');
    await form.waitFor();
    await page.getByTestId('toggle-sign-up').click();
    await page.locator('input[name=email]').fill(`second-${taken}@example.com`);
    await page.locator('input[name=password]').fill('a long password');
    await page.locator('input[name=username]').fill(taken);
    await form.locator('button[type=submit]').click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(hindi.errors.codes.username_taken);
    await screenshot(page, 'accounts-hindi-error');

    await page.locator('input[name=username]').fill(`${taken}x`);
    await form.locator('button[type=submit]').click();
    await page.getByTestId('avatar-button').waitFor();

    await page.goto('/upload');
    await page.locator('select').first().waitFor();
    expect(await page.locator('option[value=Education]').textContent()).toBe(hindi.clips.category.Education);
    expect(await page.locator('option[value=Vlog]').textContent()).toBe(hindi.clips.category.Vlog);
    await screenshot(page, 'accounts-hindi-upload');

    await page.goto('/help?tab=create');
    await page.getByTestId('ticket-category').waitFor();
    await expect
      .poll(() => page.getByTestId('ticket-category').locator('option[value="1"]').textContent())
      .toBe(`🔐 ${hindi.help.ticketCategories.account}`);
    await page.getByTestId('ticket-submit').click();
    expect(await page.getByRole('alert').textContent()).toBe('विषय आवश्यक है');
    await screenshot(page, 'accounts-hindi-ticket');
  });
});
