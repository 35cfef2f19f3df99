import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const artifactsDir = path.resolve(import.meta.dirname, '../../../test-artifacts');

/**
 * Whether browser tests can run. On CI a missing Chromium is a failure, never a silent skip;
 * on a developer machine the suite is skipped with a notice saying how to enable it.
 */
export function browserAvailable(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.env.CI)
    throw new Error(`${CHROMIUM} is missing: browser tests cannot be skipped on CI (apt-get install chromium)`);
  console.warn(`\n*** Browser tests skipped: ${CHROMIUM} not found. Install it with: apt-get install chromium ***\n`);
  return false;
}

/** Chromium's own camera and microphone (a test pattern and a tone), granted without a prompt. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A fresh context; `language` is stored before any page script runs (default English for readable assertions). */
export async function newContext(
  browser: Browser,
  opts: { baseURL: string; language?: string | null; width?: number; height?: number; timezoneId?: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: opts.baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  if (opts.language !== null) {
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, opts.language ?? 'EN');
  }
  return context;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
