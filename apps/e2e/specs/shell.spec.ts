import type { Browser, BrowserContext } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import urdu from '../../web/src/features/i18n/locales/ur.json';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signUpByEmail } from '../support/email-user.ts';
import { installTestWallet } from '../support/test-wallet.ts';

const STAFF_EMAIL = 'staff-lead@example.com';

describe.runIf(browserAvailable())('web shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: STAFF_EMAIL });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, opts: { language?: string | null; width?: number; wallet?: boolean } = {}) {
    const context = await newContext(browser, { baseURL: server.url, language: opts.language, width: opts.width });
    contexts.push(context);
    const wallet = opts.wallet === false ? undefined : await installTestWallet(context);
    const page = await context.newPage();
    await page.goto(path);
    return { page, wallet, context };
  }

  it('signs in with a wallet for real, shows 100.0 tokens, follows an account change and signs out', async () => {
    const { page, wallet } = await open('/login');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('avatar-button').click();
    expect(await page.getByTestId('menu-balance').textContent()).toBe('100.0 tokens');
    const firstName = await page.getByTestId('menu-username').textContent();
    expect(firstName).toMatch(/^user-[0-9a-f]{6}/);
    expect(firstName?.slice(5, 11)).toBe(wallet!.account.address.slice(2, 8).toLowerCase());

    await page.keyboard.press('Escape');
    const other = privateKeyToAccount(generatePrivateKey());
    await wallet!.switchAccount(page, other);
    await page.getByTestId('avatar-button').click();
    await expect.poll(() => page.getByTestId('menu-username').textContent()).toBe(`user-${other.address.slice(2, 8).toLowerCase()}`);

    await page.getByTestId('sign-out').click();
    await page.getByTestId('header-sign-in').waitFor();
    await page.reload();
    await page.getByTestId('header-sign-in').waitFor(); // an explicit sign-out is not undone by the still-authorized wallet
  });

  it('shows the connected wallet on /connect with a shortened address', async () => {
    const { page, wallet } = await open('/connect');
    await page.getByTestId('connect-wallet').click();
    await page.waitForURL(`${server.url}/`);
    await page.goto('/connect');
    const a = wallet!.account.address;
    expect(await page.getByTestId('wallet-address').textContent()).toBe(`${a.slice(0, 8)}...${a.slice(-6)}`);
    expect(await page.getByTestId('security-notice').isVisible()).toBe(true);
  });

  it('explains how to install a wallet when the browser has none', async () => {
    const { page } = await open('/connect', { wallet: false });
    await page.getByTestId('no-wallet').waitFor();
    expect(await page.getByText('MetaMask is not installed. Please install MetaMask to continue.').isVisible()).toBe(true);
  });

  it('signs up and back in by email, with clear errors', async () => {
    const { page } = await open('/');
    const email = `e2e-${Date.now()}@example.com`;
    await signUpByEmail(page, email);
    await page.getByTestId('avatar-button').click();
    await page.getByTestId('sign-out').click();
    await page.goto('/login');
    await page.getByTestId('tab-email').click();
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await page.getByTestId('form-error').textContent()).toBe('Invalid email or password');
    await page.locator('input[name=password]').fill('a long password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('avatar-button').waitFor();
  });

  it('sends a signed-out visitor from a protected page to /login and back after signing in', async () => {
    const { page } = await open('/creator-dashboard');
    await page.waitForURL(/\/login$/);
    await page.getByTestId('connect-wallet').click();
    await page.waitForURL(/\/creator-dashboard$/);
  });

  it('shows Admin Tickets only to staff, as the server says', async () => {
    const { page } = await open('/');
    await signUpByEmail(page, `viewer-${Date.now()}@example.com`);
    expect(await page.getByRole('link', { name: 'Admin Tickets' }).count()).toBe(0);
    const staff = await open('/');
    await signUpByEmail(staff.page, STAFF_EMAIL);
    await staff.page.getByRole('link', { name: 'Admin Tickets' }).waitFor();
  });

  it('starts in Hindi, switches to Urdu right-to-left, and keeps it after a reload', async () => {
    const { page } = await open('/', { language: null });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.getByTestId('language-picker').click();
    await page.locator('[data-lang="UR"]').click();
    await page.getByText(urdu.language.changed.replace('{{language}}', 'اردو')).waitFor(); // the notice speaks the new language
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ur', 'rtl']);
    await page.reload();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ur', 'rtl']);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('UR');
  });

  it('renders every route of the spec without a blank page', async () => {
    const { page } = await open('/');
    for (const path of ['/trending', '/live', '/clips', '/help', '/about', '/future-vision', '/settings', '/no-such-page']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
    }
    await page.goto('/wallet-guide');
    await page.waitForURL(/\/web3-features$/);
  });

  it('lays out the home page at 1280px and on a 360px phone', async () => {
    for (const width of [1280, 360]) {
      const { page } = await open('/', { width });
      await page.locator('main h1').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      await screenshot(page, `home-${width}`);
      if (width === 360) {
        await page.getByTestId('menu-toggle').click();
        await page.waitForTimeout(400); // the overlay slides in
        await screenshot(page, 'home-360-menu');
      }
    }
  });
});
