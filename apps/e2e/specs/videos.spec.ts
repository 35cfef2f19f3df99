import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import type { Video } from '@app/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { menuBalance, signedInWithWallet, type SignedInPage } from '../support/session.ts';

/**
 * The home page as it is served without its first feed page (the dev server's, or a home page with a
 * query): the app asks for the feed itself.
 */
const serveWithoutFeed = (page: Page) =>
  page.route(
    (url) => url.pathname === '/' && !url.search,
    async (route) => {
      const served = await (await route.fetch()).text();
      const body = served.replace(
        /<link rel="preload" as="image"[^>]*>|<script type="application\/json" id="home-feed">[^<]*<\/script>/g,
        '',
      );
      await route.fulfill({ contentType: 'text/html', body });
    },
  );

describe.runIf(browserAvailable())('videos in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let creator: SignedInPage;
  let viewer: SignedInPage;
  let videoUrl = '';
  const clip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-clip-')), 'Evening walk.mp4');

  beforeAll(async () => {
    await generateTestVideo(clip, { seconds: 6, width: 640, height: 360 });
    server = await startServer();
    browser = await launchBrowser();
    creator = await signedInWithWallet(browser, server.url);
    viewer = await signedInWithWallet(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads a video with real progress, earns 10 tokens and lands in the library', async () => {
    const { page } = creator;
    await page.goto('/upload');
    await page.getByTestId('upload-submit').click();
    expect(await page.getByTestId('upload-error').textContent()).toBe('Please select a video file to upload');
    await page.getByTestId('file-input').setInputFiles(clip);
    expect(await page.getByTestId('title-input').inputValue()).toBe('Evening walk'); // prefilled from the file name
    await page.locator('textarea').fill('A calm walk along the river, recorded for testing the player.');
    await page.getByTestId('category-select').selectOption('Web3'); // the chips' categories are on offer
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-progress').waitFor();
    await page.waitForURL(`${server.url}/library`, { timeout: 30_000 });
    expect(await menuBalance(page)).toBe(110);
    const card = page.getByTestId('video-card').filter({ hasText: 'Evening walk' });
    await card.waitFor();
    // processing, or already done: either way the card follows the video to ready by itself
    await card.getByTestId('processing-badge').waitFor({ state: 'detached', timeout: 60_000 });
  }, 90_000);

  it('shows an upload still processing in its owner’s library with a badge, and to nobody else', async () => {
    const idle = await startServer({ JOBS_WORKER: 'false' }); // no worker: the upload stays processing
    try {
      const owner = await signedInWithWallet(browser, idle.url);
      const { page } = owner;
      await page.goto('/upload');
      await page.getByTestId('file-input').setInputFiles(clip);
      await page.getByTestId('upload-submit').click();
      await page.waitForURL(`${idle.url}/library`, { timeout: 30_000 });
      const card = page.getByTestId('video-card').filter({ hasText: 'Evening walk' });
      expect(await card.getByTestId('processing-badge').textContent()).toBe('Processing');
      await screenshot(page, 'library-processing-1280');
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await card.getByTestId('processing-badge').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await screenshot(page, 'library-processing-360');

      const other = await signedInWithWallet(browser, idle.url);
      await other.page.goto('/');
      await other.page.getByTestId('empty-feed').waitFor();
      await other.page.goto('/library');
      await other.page.getByTestId('empty-feed').waitFor();
      expect(await other.page.getByTestId('processing-badge').count()).toBe(0);
      await Promise.all([owner.context.close(), other.context.close()]);
    } finally {
      await idle.stop();
    }
  }, 90_000);

  it('plays the video once processed, and shows its content hash', async () => {
    const { page } = viewer;
    await page.goto('/');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('video-card').count();
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    await page.getByTestId('video-card').first().click();
    await page.getByTestId('video-title').waitFor();
    videoUrl = page.url();
    expect(await page.getByTestId('content-hash').textContent()).toMatch(/^bafy|^bafk/);
    const player = page.getByTestId('video-player');
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);
    // 6 s is shorter than the shortest clip: the Clip button is there, disabled, and says why
    expect(await page.getByTestId('clip-button').isDisabled()).toBe(true);
    expect(await page.getByTestId('clip-too-short').textContent()).toContain('shorter than the shortest clip');
    await screenshot(page, 'video-page-1280');
  });

  it('filters the home feed by the Web3 chip, and an empty category says so and offers all videos', async () => {
    const { page } = viewer;
    await page.goto('/');
    await page.getByRole('button', { name: 'Web3', exact: true }).click();
    await page.waitForURL(`${server.url}/?category=web3`);
    await page.getByTestId('video-card').filter({ hasText: 'Evening walk' }).waitFor();
    expect(await page.getByTestId('processing-badge').count()).toBe(0);
    await page.getByRole('button', { name: 'DeFi', exact: true }).click();
    await page.getByTestId('empty-feed').waitFor();
    expect(await page.getByTestId('empty-feed').locator('h2').textContent()).toBe('No DeFi videos yet');
    await screenshot(page, 'home-empty-category-1280');
    await page.getByTestId('show-all').click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('video-card').first().waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/?category=nft');
    await page.getByTestId('show-all').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-empty-category-360');
    await page.goto(videoUrl);
    await page.getByTestId('clip-too-short').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'video-page-short-360');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("asks for the first card's picture as soon as the feed names it, from the set the card shows, once", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await serveWithoutFeed(page);
      const requested: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/ipfs/')) requested.push(r.url());
      });
      await page.goto(`${server.url}/`);
      const img = page.getByTestId('video-card').first().locator('img');
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 20_000 })
        .toBe(true);
      const current = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
      const preloads = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')).map(
          (l) => l.imageSrcset || l.href,
        ),
      );
      expect(preloads).toHaveLength(1);
      expect(preloads[0]).toContain(new URL(current).pathname);
      expect(requested.filter((u) => u === current)).toHaveLength(1);
      expect(new Set(requested).size).toBe(requested.length);
    } finally {
      await page.close();
    }
  });

  it('shows the home feed from the page itself: no feed request, the first picture preloaded by the HTML', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const served = JSON.parse(/<script type="application\/json" id="home-feed">([^<]*)<\/script>/.exec(html)![1]!) as {
      videos: Video[];
    };
    const first = served.videos[0]!;
    expect(first.title).toBe('Evening walk');
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" type="image\/webp" imagesrcset="[^"]+"/);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
      await page.goto(`${server.url}/`);
      const card = page.getByTestId('video-card').first();
      await expect.poll(() => card.textContent()).toContain('Evening walk');
      await expect
        .poll(() => card.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
        .toBe(true);
      expect(asked.filter((url) => url.startsWith('/api/videos'))).toEqual([]);
      // the picture the card shows is the one the HTML asked for: fetched once
      const shown = await card.locator('img').evaluate((i: HTMLImageElement) => new URL(i.currentSrc).pathname);
      expect(first.thumbnail_sizes.map((s) => s.webp_url)).toContain(shown);
      expect(asked.filter((url) => url === shown)).toHaveLength(1);
      expect(await page.locator('#home-feed').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it("holds the other cards' pictures until the first card's is on the screen, then loads them all", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      // a feed of three cards made from the real first video, each picture at an address of its own
      const real = (await (await fetch(`${server.url}/api/videos?limit=1`)).json()) as { videos: Video[] };
      const copy = (n: number): Video => {
        const v = real.videos[0]!;
        const at = (url: string) => `${url}?copy=${n}`;
        return {
          ...v,
          id: `${v.id}-${n}`,
          thumbnail_url: at(v.thumbnail_url!),
          thumbnail_sizes: v.thumbnail_sizes.map((s) => ({
            ...s,
            jpeg_url: at(s.jpeg_url),
            webp_url: s.webp_url && at(s.webp_url),
          })),
        };
      };
      await serveWithoutFeed(page);
      await page.route(/\/api\/videos\?/, (route) => route.fulfill({ json: { videos: [1, 2, 3].map(copy) } }));
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const requested: string[] = [];
      await page.route(/\/ipfs\//, async (route) => {
        const copyOf = new URL(route.request().url()).searchParams.get('copy');
        requested.push(copyOf ?? '');
        if (copyOf === '1') await held;
        await route.continue();
      });
      await page.goto(`${server.url}/`);
      const cards = page.getByTestId('video-card');
      await expect.poll(() => cards.count()).toBe(3);
      await expect.poll(() => requested.length).toBeGreaterThan(0);
      // the first picture is on its way and not there yet: nothing else is asked for, the frames show
      await new Promise((r) => setTimeout(r, 300));
      expect(new Set(requested)).toEqual(new Set(['1']));
      expect(await cards.nth(1).locator('img').count()).toBe(0);
      expect(await cards.nth(2).locator('.thumb').count()).toBe(1);
      release();
      for (const n of [0, 1, 2])
        await expect
          .poll(() =>
            cards
              .nth(n)
              .locator('img')
              .evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)
              .catch(() => false),
          )
          .toBe(true);
      expect(new Set(requested)).toEqual(new Set(['1', '2', '3']));
    } finally {
      await page.close();
    }
  });

  it('likes, tips and follows from a second account, and the balances move', async () => {
    const { page } = viewer;
    await page.goto(videoUrl);
    await page.getByTestId('like-button').click();
    await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');

    const before = await menuBalance(page);
    await page.getByTestId('thanks-button').click();
    await page.getByTestId('tip-amount').fill('0');
    await page.getByTestId('tip-submit').click(); // the dialog's own message, not the browser's bubble
    expect(await page.getByTestId('tip-dialog').getByRole('alert').textContent()).toBe(
      'Please enter a valid tip amount',
    );
    await page.getByTestId('tip-amount').fill('500');
    await page.getByTestId('tip-submit').click();
    expect(await page.getByTestId('tip-dialog').getByRole('alert').textContent()).toBe('Insufficient token balance');
    await page.getByTestId('tip-amount').fill('2.5');
    await page.getByTestId('tip-submit').click();
    await expect.poll(() => menuBalance(page)).toBe(before - 2.5);

    await page.getByTestId('follow-button').click();
    await expect.poll(() => page.getByTestId('follow-button').textContent()).toBe('Following');
    await page.goto('/subscriptions');
    await expect.poll(() => page.getByTestId('video-card').count()).toBe(1);

    // creator: 100 welcome + 10 upload + 0.1 view + 1 like + 2.5 tip
    await expect.poll(() => menuBalance(creator.page), { timeout: 10_000 }).toBe(113.6);
    await creator.page.goto(videoUrl);
    expect(await creator.page.getByTestId('tokens-earned').textContent()).toBe('13.6 tokens earned');
    expect(await creator.page.getByTestId('follow-button').count()).toBe(0); // no following oneself

    await creator.page.goto('/creator-dashboard');
    await creator.page.getByRole('link', { name: 'View' }).first().waitFor(); // the uploaded video is a top video
    await creator.page.getByRole('tab', { name: 'Revenue' }).click();
    await creator.page.getByText('13.6').first().waitFor(); // earned from the ledger: 10 + 0.1 + 1 + 2.5
    await screenshot(creator.page, 'creator-dashboard-1280');
  });
});
