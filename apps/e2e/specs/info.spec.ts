import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../web/src/lib/i18n/locales/en.json';
import hi from '../../web/src/lib/i18n/locales/hi.json';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const info = en.info;

/** Every static page: its address, its main heading, and a piece of content only that page has. */
const PAGES: Array<{ path: string; heading: string; content: string; shot: string }> = [
  { path: '/about', heading: en.pages.about, content: info.about.openSource.title, shot: 'about' },
  {
    path: '/press',
    heading: en.pages.press,
    content: 'GNU Affero General Public License, version 3 or later',
    shot: 'press',
  },
  { path: '/copyright', heading: en.pages.copyright, content: info.copyright.cid.title, shot: 'copyright' },
  { path: '/creators', heading: en.pages.creators, content: info.rewards.rows.upload.activity, shot: 'creators' },
  { path: '/advertise', heading: en.pages.advertise, content: '$2,000', shot: 'advertise' },
  { path: '/developers', heading: en.pages.developers, content: info.developers.reference.title, shot: 'developers' },
  { path: '/web3-features', heading: en.pages.web3, content: info.web3.ipfsInfo.title, shot: 'web3' },
  { path: '/policies', heading: en.pages.policies, content: info.policies.overview.privacy.title, shot: 'policies' },
  { path: '/support', heading: en.pages.support, content: info.support.topics.upload.title, shot: 'support' },
  {
    path: '/future-vision',
    heading: en.pages.futureVision,
    content: info.futureVision.roadmap.governance.title,
    shot: 'future-vision',
  },
  { path: '/privacy', heading: en.pages.privacy, content: 'HMAC-SHA-256', shot: 'privacy' },
  { path: '/terms', heading: en.pages.terms, content: info.terms.warranty.title, shot: 'terms' },
  { path: '/safety', heading: en.pages.safety, content: info.safety.scams.title, shot: 'safety' },
  {
    path: '/community-guidelines',
    heading: en.pages.guidelines,
    content: info.guidelines.prohibited.title,
    shot: 'guidelines',
  },
  { path: '/tutorials', heading: en.pages.tutorials, content: info.tutorials.live.title, shot: 'tutorials' },
  { path: '/community', heading: en.pages.community, content: info.community.contribute.title, shot: 'community' },
  { path: '/docs', heading: en.pages.docs, content: info.docs.guides.quickstart.title, shot: 'docs' },
  { path: '/docs/quickstart', heading: info.quickstart.title, content: '/api/auth/register', shot: 'docs-quickstart' },
  {
    path: '/docs/contracts',
    heading: info.docContracts.title,
    content: info.docContracts.signing.title,
    shot: 'docs-contracts',
  },
  {
    path: '/docs/nothing-here',
    heading: en.pages.docs,
    content: 'There is no document called “nothing-here”',
    shot: 'docs-missing',
  },
];

interface OpenApiDoc {
  security?: unknown[];
  paths: Record<string, Record<string, { summary?: string; security?: Array<Record<string, unknown>> }>>;
}

describe.runIf(browserAvailable())('static information pages in Chromium', () => {
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

  async function open(width: number, language = 'EN'): Promise<Page> {
    const context = await newContext(browser, { baseURL: server.url, width, height: 900, language });
    contexts.push(context);
    return context.newPage();
  }

  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('shows every page with its heading and content, without sideways scrolling, at 1280 px and 360 px', async () => {
    for (const width of [1280, 360]) {
      const page = await open(width);
      for (const p of PAGES) {
        await page.goto(p.path);
        await page.locator('main h1').waitFor();
        expect(await page.locator('main h1').textContent(), p.path).toBe(p.heading);
        await page.locator('main').getByText(p.content, { exact: false }).first().waitFor();
        if (p.path === '/developers') await page.getByTestId('api-reference').waitFor();
        expect(await overflow(page), `${p.path} overflows at ${width}px`).toBeLessThanOrEqual(0);
        await screenshot(page, `info-${p.shot}-${width}`);
      }
    }
  });

  it('documents the live API: operations from /api/docs/json with their sign-in requirement, a filter, and the same reference at /docs/api', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as OpenApiDoc;
    const feed = doc.paths['/api/videos']?.get;
    expect(feed, 'the server documents GET /api/videos').toBeDefined();
    const profile = doc.paths['/api/user/profile']?.get;
    expect(profile).toBeDefined();
    const operationCount = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);

    const page = await open(1280);
    for (const path of ['/developers', '/docs/api']) {
      await page.goto(path);
      await page.getByTestId('api-reference').waitFor();
      expect(await page.getByTestId('api-operation').count(), path).toBe(operationCount);
      const feedCard = page.locator('#get-api-videos');
      expect(await feedCard.locator('.method').textContent()).toBe('GET');
      expect(await feedCard.locator('.api-path').textContent()).toBe('/api/videos');
      expect(await feedCard.textContent()).toContain(feed!.summary!);
      // the document says the feed is public (security: []) and the profile needs a token (the default)
      expect(feed!.security).toEqual([]);
      expect(await feedCard.locator('.api-badges').textContent()).toBe(en.apiRef.access.public);
      expect(await page.locator('#get-api-user-profile .api-badges').textContent()).toBe(en.apiRef.access.required);
      expect(await feedCard.locator('tbody th').allTextContents()).toEqual(
        expect.arrayContaining(['limit', 'offset', 'sort', 'category', 'q']),
      );
    }
    await page.locator('#post-api-tickets').getByText('category_id').waitFor(); // a request body field
    await screenshot(page, 'info-docs-api-1280');

    // keyboard: type into the filter, then only matching operations stay
    await page.getByTestId('api-filter').focus();
    await page.keyboard.type('post /tip');
    await expect.poll(() => page.getByTestId('api-operation').count()).toBe(1);
    expect(await page.getByTestId('api-operation').locator('.api-path').textContent()).toBe('/api/videos/{id}/tip');
  });

  it('opens support topics with the keyboard, follows "on this page" links, and links to the ticket shortcuts', async () => {
    const page = await open(1280);
    await page.goto('/support');
    const topic = page.getByTestId('topic-upload');
    expect(await topic.getAttribute('open')).toBeNull();
    await topic.locator('summary').focus();
    await page.keyboard.press('Enter');
    await topic.getByText(info.support.topics.upload.steps[1]!).waitFor();
    expect(await topic.getAttribute('open')).toBe('');
    await screenshot(page, 'info-support-open-1280');

    for (const [name, href] of [
      [info.support.actions.ticket, '/help?tab=create'],
      [info.support.actions.feedback, '/feedback'],
      [info.support.actions.feature, '/feature-requests'],
      [info.support.actions.emergency, '/emergency-contact'],
    ]) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    await page.getByRole('link', { name: info.support.actions.feedback, exact: true }).click();
    await page.waitForURL(`${server.url}/help?tab=create&category=7`);

    await page.goto('/privacy');
    await page.locator('.toc').getByRole('link', { name: info.privacy.public.title }).click();
    await page.waitForURL(`${server.url}/privacy#public`);
    // the section scrolls up to just below the fixed header
    await expect
      .poll(() => page.evaluate(() => document.getElementById('public')!.getBoundingClientRect().top))
      .toBeLessThan(120);
  });

  it('speaks Hindi, the default language', async () => {
    const page = await open(360, 'HI');
    await page.goto('/support');
    expect(await page.locator('main h1').textContent()).toBe(hi.pages.support);
    await page.getByTestId('topic-live').locator('summary').click();
    await page.getByTestId('topic-live').getByText(hi.info.support.topics.live.steps[2]!).waitFor();
    await page.goto('/developers');
    await page.getByTestId('api-reference').waitFor();
    expect(await page.locator('#get-api-videos .api-badges').textContent()).toBe(hi.apiRef.access.public);
    await screenshot(page, 'info-support-hi-360');
  });

  it('sends the old web3 guide addresses and /discord to their pages', async () => {
    const page = await open(1280);
    for (const [from, to, heading] of [
      ['/token-economics', '/web3-features', en.pages.web3],
      ['/ipfs-info', '/web3-features', en.pages.web3],
      ['/discord', '/community', en.pages.community],
    ] as const) {
      await page.goto(from);
      await page.waitForURL(`${server.url}${to}`);
      expect(await page.locator('main h1').textContent()).toBe(heading);
    }
  });
});
