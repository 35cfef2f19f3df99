import type { Browser, BrowserContext } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hindi from '../../web/src/lib/i18n/locales/hi.json';
import urdu from '../../web/src/lib/i18n/locales/ur.json';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { runAdminCli, startServer, type RunningServer } from '../support/server.ts';
import { signUpByEmail } from '../support/email-user.ts';
import { installTestWallet } from '../support/test-wallet.ts';
import { STATIC_PAGES } from '../support/routes.ts';

const STAFF_EMAIL = 'staff-lead@example.com';

describe.runIf(browserAvailable())('web shell in Chromium', () => {
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
    expect(await wallet!.chainId(page)).toBe('0x89'); // switch refused with 4902, so Polygon was added
    const firstName = await page.getByTestId('menu-username').textContent();
    expect(firstName).toMatch(/^user-[0-9a-f]{6}/);
    expect(firstName?.slice(5, 11)).toBe(wallet!.account.address.slice(2, 8).toLowerCase());

    await page.keyboard.press('Escape');
    const other = privateKeyToAccount(generatePrivateKey());
    await wallet!.switchAccount(page, other);
    await page.getByTestId('avatar-button').click();
    await expect
      .poll(() => page.getByTestId('menu-username').textContent())
      .toBe(`user-${other.address.slice(2, 8).toLowerCase()}`);

    await page.getByTestId('sign-out').click();
    await page.getByTestId('header-sign-in').waitFor();
    await page.reload();
    await page.getByTestId('header-sign-in').waitFor(); // an explicit sign-out is not undone by the still-authorized wallet
  });

  it('follows the wallet: signs back in on load, reloads on a network change, signs out when access is revoked', async () => {
    const { page, wallet } = await open('/login');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('avatar-button').waitFor();

    await page.evaluate(() => localStorage.removeItem('authToken'));
    await page.reload();
    await page.getByTestId('avatar-button').waitFor(); // the still-authorized account signed a fresh challenge
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await wallet!.switchChain(page, '0x2105'); // Base
    await page.waitForFunction(() => !('beforeReload' in window));
    await page.getByTestId('avatar-button').waitFor();

    await wallet!.revoke(page);
    await page.getByTestId('header-sign-in').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
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
    expect(await page.getByText('MetaMask is not installed. Please install MetaMask to continue.').isVisible()).toBe(
      true,
    );
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

  it('keeps the sign-in when the start-up check fails or is cut short, and signs in once it is answered', async () => {
    const { page } = await open('/', { wallet: false });
    await signUpByEmail(page, `keep-${Date.now()}@example.com`);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    let checks = 0;
    // a check cut short (the page left, the network gone), then a server error, again and again
    await page.route('**/api/user/profile', (route) =>
      checks++ % 2
        ? route.fulfill({ status: 500, json: { detail: 'Internal Server Error', code: 'internal' } })
        : route.abort('failed'),
    );
    await page.reload();
    await expect.poll(() => checks).toBeGreaterThanOrEqual(1);
    await page.getByTestId('app-loading').waitFor({ state: 'detached' }); // the site opens meanwhile
    expect(await page.getByTestId('header-sign-in').count()).toBe(0);
    await page.goto('/creator-dashboard');
    await expect.poll(() => checks).toBeGreaterThanOrEqual(3);
    await page.getByTestId('app-loading').waitFor(); // a signed-in page waits rather than asking to sign in
    expect(new URL(page.url()).pathname).toBe('/creator-dashboard');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(token);

    await page.unroute('**/api/user/profile');
    await page.getByTestId('avatar-button').waitFor(); // the next check, after its backoff, is answered
    expect(new URL(page.url()).pathname).toBe('/creator-dashboard');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(token);
  });

  it('tells a server error or a lost connection from a missing video, clip or stream, and retries', async () => {
    const { page } = await open('/', { wallet: false });
    const pages = [
      { path: '/video/gone1', api: '**/api/videos/gone1', kind: 'video' },
      { path: '/clips/gone2', api: '**/api/clips/gone2', kind: 'clip' },
      { path: '/stream/gone3', api: '**/api/streams/gone3', kind: 'stream' },
    ];
    for (const [i, p] of pages.entries()) {
      await page.route(p.api, (route) =>
        i % 2 ? route.abort('failed') : route.fulfill({ status: 500, json: { detail: 'boom', code: 'internal' } }),
      );
      await page.goto(p.path);
      const failed = page.getByTestId(`${p.kind}-load-failed`);
      await failed.waitFor();
      expect(await failed.locator('h1').textContent()).toBe('Something went wrong');
      expect(await page.getByTestId(`${p.kind}-not-found`).count()).toBe(0);
      await page.unroute(p.api);
      await failed.getByRole('button', { name: 'Try Again' }).click();
      await page.getByTestId(`${p.kind}-not-found`).waitFor(); // answered now: it really does not exist
    }
  });

  it("writes dates the chosen language's way and keeps the profile's Edit button out of its heading", async () => {
    const { page } = await open('/', { wallet: false });
    await signUpByEmail(page, `dates-${Date.now()}@example.com`);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.goto('/profile');
    const heading = page.locator('h1.profile-name');
    await heading.waitFor();
    expect(await heading.locator('button').count()).toBe(0);
    await page.getByTestId('edit-name').waitFor();
    const [hindi, us] = await page.evaluate(() => [
      new Date().toLocaleDateString('hi'),
      new Date().toLocaleDateString('en-US'),
    ]);
    const joined = await page.locator('.profile-header p.muted').textContent();
    expect(joined).toContain(hindi);
    if (hindi !== us) expect(joined).not.toContain(us);
  });

  it('refuses bad input before calling the server', async () => {
    const { page } = await open('/login');
    await page.getByTestId('tab-email').click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await page.getByTestId('form-error').textContent()).toBe('Email and password are required');
    await page.getByTestId('toggle-sign-up').click();
    await page.locator('input[name=email]').fill('someone@example.com');
    await page.locator('input[name=password]').fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    expect(await page.getByTestId('form-error').textContent()).toBe('Password must be at least 8 characters');
  });

  it('renames the account in settings and signs out of every device', async () => {
    const email = `settings-${Date.now()}@example.com`;
    const laptop = await open('/');
    await signUpByEmail(laptop.page, email);
    const phone = await open('/login', { width: 360 });
    await phone.page.getByTestId('tab-email').click();
    await phone.page.locator('input[name=email]').fill(email);
    await phone.page.locator('input[name=password]').fill('a long password');
    await phone.page.getByRole('button', { name: 'Sign In' }).click();
    await phone.page.getByTestId('avatar-button').waitFor();

    const { page } = laptop;
    await page.goto('/settings');
    const name = `asha_${Date.now() % 1_000_000}`;
    await page.getByTestId('settings-username').fill('the_admin');
    await page.getByRole('button', { name: 'Save username' }).click();
    expect(await page.getByTestId('settings-error').textContent()).toMatch(/reserved for staff/); // the server's own words
    await page.getByTestId('settings-username').fill(name);
    await page.getByRole('button', { name: 'Save username' }).click();
    await page.getByText('Username updated').waitFor();
    await page.getByTestId('avatar-button').click();
    expect(await page.getByTestId('menu-username').textContent()).toBe(name);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('settings-wallet').textContent()).toContain('No wallet connected');

    await page.getByTestId('sign-out-all').click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('header-sign-in').waitFor();
    await phone.page.reload();
    await phone.page.getByTestId('header-sign-in').waitFor(); // its token was revoked too
  });

  it('sends a signed-out visitor from a protected page to /login and back after signing in', async () => {
    const { page } = await open('/creator-dashboard');
    await page.waitForURL(/\/login$/);
    expect(await page.getByTestId('login-required').textContent()).toBe('Please sign in to continue');
    await page.getByTestId('connect-wallet').click();
    await page.waitForURL(/\/creator-dashboard$/);
  });

  it('shows Admin Tickets only to staff, as the server says', async () => {
    const { page } = await open('/');
    await signUpByEmail(page, `viewer-${Date.now()}@example.com`);
    expect(await page.getByRole('link', { name: 'Admin Tickets' }).count()).toBe(0);
    const staff = await open('/');
    await signUpByEmail(staff.page, STAFF_EMAIL);
    expect(await staff.page.getByRole('link', { name: 'Admin Tickets' }).count()).toBe(0); // signing up makes nobody staff
    await runAdminCli(server, 'grant', STAFF_EMAIL, 'admin');
    await staff.page.reload();
    await staff.page.getByRole('link', { name: 'Admin Tickets' }).waitFor();
  });

  it('starts in Hindi, switches to Urdu right-to-left, and keeps it after a reload', async () => {
    const { page } = await open('/', { language: null });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await page.getByTestId('header-sign-in').textContent()).toBe(hindi.common.signIn);
    await page.getByTestId('language-picker').click();
    await page.keyboard.press('Escape'); // the menu closes from the keyboard and gives focus back
    expect(await page.locator('[data-lang]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('language-picker');
    await page.keyboard.press('Enter');
    expect(await page.locator('[data-lang]').count()).toBe(47);
    await page.locator('[data-lang="UR"]').click();
    await page.getByText(urdu.language.changed.replace('{{language}}', 'اردو')).waitFor(); // the notice speaks the new language
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ur',
      'rtl',
    ]);
    await page.reload();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ur',
      'rtl',
    ]);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('UR');
  });

  it('has every route of the spec: pages, sign-in redirects and prompts, redirects, a friendly not-found page', async () => {
    const { page } = await open('/');
    const notFound = 'Page not found';
    const pages = [
      '/',
      '/?category=music',
      '/trending',
      '/subscriptions',
      '/library',
      '/video/missing',
      '/login',
      '/connect',
      '/settings',
      '/live',
      '/stream/s1',
      '/clips',
      '/clips/c1',
      '/help',
      '/tickets/t1',
      '/admin/tickets',
      '/viewer-earnings',
      '/advertiser',
    ];
    for (const path of [...pages, ...STATIC_PAGES]) {
      await page.goto(path);
      const heading = (await page.locator('main h1').first().textContent())?.trim();
      expect(heading, path).toBeTruthy();
      expect(heading, path).not.toBe(notFound);
    }
    for (const path of ['/upload', '/profile', '/clip-creator', '/creator-dashboard']) {
      await page.goto(path);
      await page.waitForURL(/\/login$/);
    }
    await page.goto('/go-live'); // signed-in only: the page says so in place instead of redirecting
    expect(await page.locator('main h1').textContent()).toBe('Sign In Required');
    for (const [from, to] of [
      ['/wallet-guide', '/web3-features'],
      ['/token-economics', '/web3-features'],
      ['/decentralization', '/web3-features'],
      ['/ipfs-info', '/web3-features'],
      ['/earn-tokens', '/web3-features'],
      ['/discord', '/community'],
      ['/contact', '/help?tab=create&category=10'],
    ] as const) {
      await page.goto(from);
      await page.waitForURL(`${server.url}${to}`);
    }
    await page.goto('/no-such-page');
    expect(await page.locator('main h1').textContent()).toBe(notFound);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(`${server.url}/`);
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
        await page.keyboard.press('Escape');
        await page.waitForTimeout(400);
        expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
      }
    }
  });

  it('lays out the signed-in header and settings in Hindi on a 360px phone and in Urdu at 1280px', async () => {
    for (const [language, width] of [
      ['HI', 360],
      ['UR', 1280],
    ] as const) {
      const { page } = await open('/login', { language, width });
      await page.getByTestId('connect-wallet').click();
      await page.getByTestId('avatar-button').click();
      await page.getByTestId('avatar-menu').waitFor();
      await screenshot(page, `signed-in-${language}-${width}`);
      await page.keyboard.press('Escape');
      await page.goto('/settings');
      await page.getByTestId('settings-language').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      await screenshot(page, `settings-${language}-${width}`);
    }
  });
});
