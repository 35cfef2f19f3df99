import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/** The self-hosted faces the page has downloaded and uses, by family, from `document.fonts`. */
const loadedFamilies = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const loaded: string[] = [];
    document.fonts.forEach((f) => {
      if (f.status === 'loaded') loaded.push(`${f.family.replace(/"/g, '')} ${f.weight}`);
    });
    return loaded;
  });

describe.runIf(browserAvailable())('fonts for every script (#19)', () => {
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

  /** The home page in a language, with the font files it fetched. */
  async function home(language: string) {
    const context = await newContext(browser, { baseURL: server.url, language });
    contexts.push(context);
    const page = await context.newPage();
    const fontFiles: string[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.woff2') && res.ok()) fontFiles.push(new URL(res.url()).pathname);
    });
    await page.goto('/');
    await page.locator('html[lang]').waitFor();
    await page.getByTestId('language-picker').waitFor();
    return { page, fontFiles };
  }

  it.each([
    ['TA', 'Noto Sans Tamil', /^\/assets\/noto-sans-tamil-tamil-400-normal-[\w-]+\.woff2$/],
    ['UR', 'Noto Nastaliq Urdu', /^\/assets\/noto-nastaliq-urdu-arabic-400-normal-[\w-]+\.woff2$/],
    ['SAT', 'Noto Sans Ol Chiki', /^\/assets\/noto-sans-ol-chiki-ol-chiki-400-normal-[\w-]+\.woff2$/],
  ])('draws %s in the self-hosted %s, fetched from the site', async (language, family, file) => {
    const { page, fontFiles } = await home(language);
    expect(await loadedFamilies(page)).toContain(`${family} 400`);
    expect(fontFiles.some((f) => file.test(f))).toBe(true);
    // the page's own text is drawn with it: the face is loaded for the heading's letters
    const heading = (await page.locator('main h2, main h3, main p').first().textContent()) ?? '';
    expect(heading.length).toBeGreaterThan(0);
    expect(await page.evaluate(([f, text]) => document.fonts.check(`16px "${f}"`, text), [family, heading])).toBe(true);
    await screenshot(page, `fonts-${language.toLowerCase()}`);
  });

  it('fetches only Devanagari for a Hindi page, and no font before the text shows', async () => {
    const { page, fontFiles } = await home('HI');
    expect(await loadedFamilies(page)).toContain('Noto Sans Devanagari 400');
    expect(fontFiles.length).toBeGreaterThan(0);
    expect(fontFiles.filter((f) => !f.startsWith('/assets/noto-sans-devanagari-'))).toEqual([]);
    // nothing preloads a font: the page renders in a fallback and swaps the face in when it arrives
    expect(await page.locator('link[rel=preload][as=font]').count()).toBe(0);
  });

  it('loads the Japanese slices only for a Japanese reader', async () => {
    const { page, fontFiles } = await home('JA');
    expect((await loadedFamilies(page)).filter((f) => f === 'Noto Sans JP 400').length).toBeGreaterThan(3);
    expect(fontFiles.every((f) => f.startsWith('/assets/noto-sans-jp-'))).toBe(true);

    const hindi = await home('HI');
    expect(hindi.fontFiles.some((f) => f.includes('noto-sans-jp'))).toBe(false);
    const japaneseFaces = await hindi.page.evaluate(() => {
      let faces = 0;
      document.fonts.forEach((f) => (faces += f.family.includes('JP') ? 1 : 0));
      return faces;
    });
    expect(japaneseFaces).toBe(3); // declared for the menu's 日本語 only
  });
});
