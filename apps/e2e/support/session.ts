import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser.ts';
import { installTestWallet, type TestWallet } from './test-wallet.ts';

export interface SignedInPage {
  page: Page;
  context: BrowserContext;
  wallet: TestWallet;
}

/** A fresh browser profile with a test wallet, signed in through the real /login wallet flow. */
export async function signedInWithWallet(browser: Browser, baseURL: string, width = 1280): Promise<SignedInPage> {
  const context = await newContext(browser, { baseURL, width });
  const wallet = await installTestWallet(context);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('connect-wallet').click();
  await page.getByTestId('avatar-button').waitFor();
  return { page, context, wallet };
}

/** The balance shown in the avatar menu, as a number. */
export async function menuBalance(page: Page): Promise<number> {
  await page.getByTestId('avatar-button').click();
  const text = (await page.getByTestId('menu-balance').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return Number(text.replace(/[^\d.]/g, ''));
}
