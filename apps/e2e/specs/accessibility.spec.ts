import type { Browser, Page } from 'playwright-core';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { browserAvailable, launchBrowser, newContext } from '../support/browser.ts';
import { seedMixedContent, type SeededContent } from '../support/seed-content.ts';
import { runAdminCli, startServer, type RunningServer } from '../support/server.ts';
import { STATIC_PAGES } from '../support/routes.ts';
import { signedInWithWallet } from '../support/session.ts';
import { installTestWallet } from '../support/test-wallet.ts';

/** Every page a visitor can open (the redirects land on one of them), with the seeded content on the detail pages. */
const signedOutPages = (s: SeededContent) => [
  '/',
  '/?category=music',
  '/trending',
  '/search?q=ragas',
  '/subscriptions',
  '/library',
  `/video/${s.englishVideoId}`,
  `/video/${s.urduVideoId}`,
  '/video/missing',
  '/login',
  '/forgot-password',
  '/reset-password?token=expired',
  '/verify-email?token=expired',
  '/connect',
  '/settings',
  '/live',
  `/stream/${s.streamId}`,
  '/clips',
  `/clips/${s.clipId}`,
  '/help',
  '/help?tab=create',
  '/go-live',
  '/viewer-earnings',
  '/advertiser',
  '/history',
  `/channel/${s.creatorId}`,
  `/channel/${s.creatorId}?tab=streams`,
  '/no-such-page',
];

/** The pages that change once signed in, and those only a signed-in person (here also staff) sees. */
const signedInPages = (s: SeededContent, ticketId: string) => [
  '/',
  '/subscriptions',
  '/library',
  '/upload',
  '/profile',
  `/clip-creator?video=${s.englishVideoId}`,
  '/creator-dashboard',
  '/go-live',
  '/settings',
  `/video/${s.englishVideoId}`,
  `/stream/${s.streamId}`,
  `/clips/${s.clipId}`,
  '/help',
  '/help?tab=tickets',
  `/tickets/${ticketId}`,
  '/admin/tickets',
  '/viewer-earnings',
  '/advertiser',
  '/connect',
  '/history',
  '/notifications',
  '/profile?tab=clips',
  '/profile?tab=streams',
  `/video/${s.englishVideoId}/edit`,
];

/** Hindi is the default, Urdu is written right to left, English is the fallback every text is written in first. */
const LANGUAGES = ['HI', 'UR', 'EN'];

/** The page is drawn and waits on nothing: it has its heading, no skeleton, no activity bar (calls or a page chunk in flight). */
const ready = () =>
  !!document.querySelector('main h1') &&
  !document.querySelector('.skeleton, [data-testid=activity-bar], [aria-busy=true]');

/**
 * Opens a path the way a link does (the router follows history), so one page load serves every
 * route; done when the page has been ready for a moment (a query a page starts once drawn shows the bar again).
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  for (let steady = 0; steady < 2;) {
    await page.waitForTimeout(100);
    steady = (await page.evaluate(ready)) ? steady + 1 : 0;
    if (!steady) await page.waitForFunction(ready);
  }
}

describe.runIf(browserAvailable())('accessibility (axe, WCAG 2.2 AA) in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let seeded: SeededContent;
  let ticketId = '';
  let staff: PrivateKeyAccount;

  beforeAll(async () => {
    server = await startServer({}, { prepare: async (db) => void (seeded = await seedMixedContent(db)) });
    browser = await launchBrowser();
    const { page, context, wallet } = await signedInWithWallet(browser, server.url);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const res = await fetch(`${server.url}/api/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Subtitles in اردو please',
        description: 'The player needs captions.',
        category_id: 7,
      }),
    });
    if (res.status !== 201) throw new Error(`ticket: ${res.status} ${await res.text()}`);
    ticketId = ((await res.json()) as { id: string }).id;
    await runAdminCli(server, 'grant', wallet.account.address, 'admin'); // the staff pages too
    staff = wallet.account;
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function audit(language: string, paths: string[], signedIn: boolean): Promise<string[]> {
    const context = await newContext(browser, { baseURL: server.url, language });
    const page = await context.newPage();
    if (signedIn) await installTestWallet(context, staff);
    await page.goto('/login');
    if (signedIn) {
      await page.getByTestId('connect-wallet').click();
      await page.getByTestId('avatar-button').waitFor();
    }
    const found: string[] = [];
    try {
      for (const [i, path] of paths.entries()) {
        await visit(page, path);
        // the whole page once, then each route's own content: the header, menu and footer around it stay the same
        found.push(...(await seriousViolations(page, `${language} ${path}`, i === 0 ? undefined : 'main')));
      }
    } finally {
      await context.close();
    }
    return found;
  }

  for (const language of LANGUAGES) {
    it(`has no serious or critical violation on any page of the app, signed out, in ${language}`, async () => {
      expect(await audit(language, signedOutPages(seeded), false)).toEqual([]);
    }, 240_000);
    it(`has none on the information pages, in ${language}`, async () => {
      expect(await audit(language, STATIC_PAGES, false)).toEqual([]);
    }, 240_000);
    it(`has none on the signed-in and staff pages either, in ${language}`, async () => {
      expect(await audit(language, signedInPages(seeded, ticketId), true)).toEqual([]);
    }, 240_000);
  }
});
