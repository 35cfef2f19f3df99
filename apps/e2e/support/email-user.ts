import type { Browser, Page } from 'playwright-core';
import { newContext } from './browser.ts';

/** A fresh browser profile signed up through the email tab of /login. */
export async function signedUpByEmail(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await newContext(browser, { baseURL });
  const page = await context.newPage();
  await signUpByEmail(page, email);
  return page;
}

/** Signs up on this page through the email tab of /login. */
export async function signUpByEmail(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('tab-email').click();
  await page.getByTestId('toggle-sign-up').click();
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('a long password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByTestId('avatar-button').waitFor();
}
