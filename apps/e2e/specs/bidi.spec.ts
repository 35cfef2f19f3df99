import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { MIXED, seedMixedContent, type SeededContent } from '../support/seed-content.ts';
import { startServer, type RunningServer } from '../support/server.ts';

interface Isolation {
  /** a <bdi>, or an element with dir="auto": its direction comes from its own text */
  isolated: boolean;
  direction: string;
  /** where the text's last character (its punctuation) is drawn, against its first */
  lastCharacter: 'right' | 'left';
}

/** How the browser lays out one piece of a person's text. */
const isolationOf = (element: Locator): Promise<Isolation> =>
  element.evaluate((el) => {
    const text = el.firstChild?.nodeType === Node.TEXT_NODE ? el.firstChild : el.querySelector('*')?.firstChild;
    const length = text?.textContent?.length ?? 0;
    const box = (start: number) => {
      const range = document.createRange();
      range.setStart(text!, start);
      range.setEnd(text!, start + 1);
      return range.getBoundingClientRect();
    };
    const first = box(0);
    const last = box(length - 1);
    return {
      isolated: el.tagName === 'BDI' || el.getAttribute('dir') === 'auto',
      direction: getComputedStyle(el).direction,
      lastCharacter: last.left > first.left ? 'right' : 'left',
    };
  });

const LTR_TEXT: Isolation = { isolated: true, direction: 'ltr', lastCharacter: 'right' };
const RTL_TEXT: Isolation = { isolated: true, direction: 'rtl', lastCharacter: 'left' };

describe.runIf(browserAvailable())('people’s own text in either direction, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let seeded: SeededContent;

  beforeAll(async () => {
    server = await startServer({}, { prepare: async (db) => void (seeded = await seedMixedContent(db)) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(language: string, path: string, width = 1280): Promise<Page> {
    const context = await newContext(browser, { baseURL: server.url, language, width });
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  it('keeps an English title left to right, its "!" at its end, in the right-to-left Urdu interface', async () => {
    const page = await open('UR', `/video/${seeded.englishVideoId}`);
    const title = page.getByTestId('video-title');
    await title.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await isolationOf(title)).toEqual(LTR_TEXT);
    expect(await isolationOf(page.locator('.description'))).toMatchObject({ isolated: true, direction: 'ltr' });
    expect(await isolationOf(page.locator('.tags bdi').first())).toEqual(LTR_TEXT); // #monsoon
    await screenshot(page, 'bidi-ur-english-title');

    await page.goto('/');
    const card = page.locator('.video-title', { hasText: MIXED.englishTitle });
    await card.waitFor();
    expect(await isolationOf(card)).toEqual(LTR_TEXT);
  });

  it('keeps an Urdu title right to left, its "!" at its start on the left, in the Hindi interface', async () => {
    const page = await open('HI', `/video/${seeded.urduVideoId}`);
    const title = page.getByTestId('video-title');
    await title.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await isolationOf(title)).toEqual(RTL_TEXT);
    expect(await isolationOf(page.locator('.tags bdi').last())).toEqual(RTL_TEXT); // #اردو

    await page.goto('/');
    const card = page.locator('.video-title', { hasText: MIXED.urduTitle });
    await card.waitFor();
    expect(await isolationOf(card)).toEqual(RTL_TEXT);
  });

  it('sets each chat message and its author apart, whichever script the interface and the message use', async () => {
    for (const language of ['HI', 'UR']) {
      const page = await open(language, `/stream/${seeded.streamId}`);
      expect(await isolationOf(page.getByTestId('stream-title'))).toMatchObject({ isolated: true, direction: 'ltr' });
      const urdu = page.getByTestId('chat-text').filter({ hasText: MIXED.urduChat });
      await urdu.waitFor();
      expect(await isolationOf(urdu), language).toEqual(RTL_TEXT);
      expect(await isolationOf(page.getByTestId('chat-text').filter({ hasText: MIXED.englishChat })), language).toEqual(
        LTR_TEXT,
      );
      expect(await isolationOf(page.locator('.chat-user bdi').first()), language).toMatchObject({ isolated: true });
      await screenshot(page, `bidi-${language.toLowerCase()}-chat`);
    }
  });

  it('lays out Urdu and Sindhi right to left at 360 and 1280 px without sideways scrolling', async () => {
    const pages = {
      home: '/',
      video: `/video/${seeded.englishVideoId}`,
      stream: `/stream/${seeded.streamId}`,
      settings: '/settings',
    };
    for (const language of ['UR', 'SD'])
      for (const width of [360, 1280]) {
        const page = await open(language, '/', width);
        for (const [name, path] of Object.entries(pages)) {
          await page.goto(path);
          await page.locator('main h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${language} ${name} at ${width} px`).toBeLessThanOrEqual(0);
          await screenshot(page, `rtl-${language.toLowerCase()}-${name}-${width}`);
        }
        await page.context().close();
      }
  }, 240_000);
});
