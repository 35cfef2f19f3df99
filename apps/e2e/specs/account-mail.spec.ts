import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpInbox, linkIn } from '../../server/src/testing/smtp-inbox.ts';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { signedUpByEmail } from '../support/email-user.ts';
import { startServer, type RunningServer } from '../support/server.ts';

describe.runIf(browserAvailable())('account mail in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    server = await startServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Tarang <hello@tarang.example>' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.stop();
  });

  /** The mailed link, opened as the person would: its path and query on the site. */
  const pathOf = (link: URL) => `${link.pathname}${link.search}`;

  it('register → mail → verify page: the address is verified, and settings say so', async () => {
    const email = `verify-${Date.now()}@example.com`;
    const page = await signedUpByEmail(browser, server.url, email);
    const link = linkIn(await inbox.waitFor(email), 'verify-email');
    expect(link.origin).toBe(server.url); // PUBLIC_URL

    await page.goto(pathOf(link));
    await page.getByTestId('verify-done').waitFor();
    expect(await page.getByTestId('verify-done').textContent()).toBe(`${email} is confirmed. Thank you!`);
    await screenshot(page, 'verify-email-1280');

    await page.goto('/settings');
    expect(await page.getByTestId('email-status').textContent()).toBe('Verified');
    await screenshot(page, 'settings-account-1280');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await page.getByTestId('email-status').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-account-360');

    // the link worked once
    await page.goto(pathOf(link));
    expect(await page.getByTestId('verify-failed').textContent()).toContain('not valid or was already used');
  });

  it('forgot → mail → reset page → signed in with the new password', async () => {
    const email = `forgot-${Date.now()}@example.com`;
    const first = await signedUpByEmail(browser, server.url, email);
    await first.context().close();

    const context = await newContext(browser, { baseURL: server.url, width: 360, height: 780 });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('tab-email').click();
    await page.getByTestId('forgot-password').click();
    await page.waitForURL(/\/forgot-password$/);
    await page.locator('input[name=email]').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('forgot-sent').waitFor();
    await screenshot(page, 'forgot-password-360');

    const link = linkIn(await inbox.waitFor(email, 2), 'reset-password');
    await page.goto(pathOf(link));
    await page.locator('input[name=new-password]').fill('short');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    expect(await page.getByTestId('form-error').textContent()).toBe('Password must be at least 8 characters');
    await page.locator('input[name=new-password]').fill('my brand new password');
    await screenshot(page, 'reset-password-360');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.getByTestId('avatar-button').waitFor();
    await page.waitForURL(`${server.url}/`);

    // the new password signs in from a fresh browser too
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'my brand new password' }),
    });
    expect(res.status).toBe(200);
  });

  it('deletes the account from settings once the username and password are typed', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const page = await signedUpByEmail(browser, server.url, email);
    await page.goto('/settings');
    const form = page.getByTestId('delete-form');
    const username = (await page.getByTestId('settings-username').inputValue()).trim();
    const submit = form.getByRole('button', { name: 'Delete my account' });
    await form.locator('input[name=confirm-username]').fill(username);
    expect(await submit.isDisabled()).toBe(true); // the password is still missing
    await form.locator('input[name=delete-password]').fill('not the password');
    await submit.click();
    expect(await form.getByRole('alert').textContent()).toBe('The password is not correct');
    await form.locator('input[name=delete-password]').fill('a long password');
    await submit.click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a long password' }),
    });
    expect(login.status).toBe(401);
  });
});
