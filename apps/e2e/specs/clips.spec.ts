import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import type { Clip, Video } from '@app/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { menuBalance, signedInWithWallet, type SignedInPage } from '../support/session.ts';

const SOURCE_SECONDS = 16;

describe.runIf(browserAvailable())('clips in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: SignedInPage; // uploads the source video
  let clipper: SignedInPage; // cuts a clip from it
  let viewer: SignedInPage;
  let video: Video;
  let clipPath = '';
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-clips-')), 'Match day.mp4');

  const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('authToken')!);
  const apiAs = async <T>(page: Page, url: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${server.url}${url}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${await tokenOf(page)}` },
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  const rangeStart = (page: Page) => page.getByTestId('timeline-range').getAttribute('aria-valuenow').then(Number);
  const noOverflow = async (page: Page, label: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
  };

  beforeAll(async () => {
    await generateTestVideo(file, { seconds: SOURCE_SECONDS, width: 640, height: 360 });
    server = await startServer();
    browser = await launchBrowser();
    owner = await signedInWithWallet(browser, server.url);
    clipper = await signedInWithWallet(browser, server.url);
    viewer = await signedInWithWallet(browser, server.url);
    await viewer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

    const form = new FormData();
    form.set('file', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), 'Match day.mp4');
    form.set('title', 'Match day');
    form.set('category', 'Sports');
    video = await apiAs<Video>(owner.page, '/api/videos/upload', { method: 'POST', body: form });
    for (const deadline = Date.now() + 60_000; video.status !== 'ready'; await new Promise((r) => setTimeout(r, 250))) {
      if (Date.now() > deadline || video.status === 'failed') throw new Error(`the source video is ${video.status}`);
      video = await apiAs<Video>(owner.page, `/api/videos/${video.id}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends visitors to sign in, and shows the empty clips page', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    await page.goto(`/clip-creator?video=${video.id}`);
    await page.waitForURL(/\/login$/);
    await page.getByText('Please sign in to create clips').waitFor();
    // While the list loads: 8 skeleton cards.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/clips\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/clips');
    await page.getByTestId('clip-skeletons').waitFor();
    expect(await page.getByTestId('clip-skeletons').locator('.skeleton').count()).toBe(8);
    release();
    await page.getByTestId('clips-empty').waitFor();
    await page.unroute(/\/api\/clips\?/);
    expect(await page.getByTestId('clips-empty').textContent()).toContain('No Clips Found');
    expect(await page.getByTestId('clips-empty').textContent()).toContain('Be the first to create clips');
    await page.goto('/clips/no-such-clip');
    expect(await page.locator('main h1').textContent()).toBe('Clip Not Found');
    expect(await page.getByTestId('clip-not-found').textContent()).toContain(
      'The clip you are looking for does not exist or has been removed.',
    );
    await context.close();
  });

  it('refuses a missing or unknown source', async () => {
    const { page } = clipper;
    await page.goto('/clip-creator');
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Invalid source for clip creation').waitFor();
    for (const query of ['video=no-such-video', 'stream=no-such-stream']) {
      await page.goto(`/video/${video.id}`);
      await page.goto(`/clip-creator?${query}`);
      await page.getByTestId('source-not-found').waitFor();
      expect(await page.locator('main h1').textContent()).toBe('Source Not Found');
      await page.getByRole('button', { name: 'Go Back' }).click();
      await page.waitForURL(`${server.url}/video/${video.id}`);
    }
  });

  it('cuts a clip from the video page: range by input, keyboard, mouse and touch; tags; then the clip plays', async () => {
    const { page } = clipper;
    await page.goto(`/video/${video.id}`);
    await page.getByTestId('clip-button').click();
    await page.waitForURL(`${server.url}/clip-creator?video=${video.id}`);
    expect(await page.getByTestId('clip-source').textContent()).toContain('Match day');

    // A 16 s source: 10 s is the only length that fits, so the latest start is 6.0.
    expect(await page.getByTestId('clip-duration-10').getAttribute('aria-checked')).toBe('true');
    for (const d of [20, 40, 60]) expect(await page.getByTestId(`clip-duration-${d}`).isDisabled()).toBe(true);
    const start = page.getByTestId('start-input');
    await start.fill('999');
    expect(await start.inputValue()).toBe('6');
    await start.fill('-4');
    expect(await start.inputValue()).toBe('0');
    await start.fill('2.25');
    await start.blur();
    expect(await start.inputValue()).toBe('2.3'); // steps of 0.1

    // Keyboard: arrows step 0.1 s, Shift + arrow 1 s, Home and End jump to the ends.
    const range = page.getByTestId('timeline-range');
    await range.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await rangeStart(page)).toBe(2.5);
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await rangeStart(page)).toBe(1.5);
    await page.keyboard.press('End');
    expect(await rangeStart(page)).toBe(6);
    await page.keyboard.press('Home');
    expect(await rangeStart(page)).toBe(0);

    // Mouse: drag the window a quarter of the bar to the right (16 s × 1/4 = 4 s).
    const track = (await page.getByTestId('timeline-track').boundingBox())!;
    const box = (await range.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + track.width / 8, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + track.width / 4, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    expect(Math.abs((await rangeStart(page)) - 4)).toBeLessThanOrEqual(0.2);
    expect(Number(await start.inputValue())).toBe(await rangeStart(page));

    // Touch: a real finger drag through Chromium's touch input, back to the left.
    const cdp = await page.context().newCDPSession(page);
    const from = (await range.boundingBox())!;
    const y = from.y + from.height / 2;
    const x0 = from.x + from.width / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
    for (let i = 1; i <= 5; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x0 - (track.width / 8) * (i / 5), y }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => rangeStart(page)).toBeLessThan(3);
    expect(await rangeStart(page)).toBeGreaterThan(1);

    await start.fill('2.5');
    await start.blur();
    expect(await page.getByTestId('timeline-selection').textContent()).toBe('0:02.5 – 0:12.5');

    // The preview plays the chosen range.
    await page.getByTestId('play-range').click();
    await page.getByTestId('video-player').evaluate((v: HTMLVideoElement) => (v.muted = true));
    await expect
      .poll(() => page.getByTestId('video-player').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(2.6);

    // Title required, tags with Enter or Add, unique, removable.
    expect(await page.getByTestId('create-clip').isDisabled()).toBe(true);
    await page.getByTestId('clip-title-input').fill('   ');
    await page.getByTestId('clip-title-input').blur();
    expect(await page.getByTestId('create-clip').isDisabled()).toBe(true);
    await page.getByText('Please enter a clip title').waitFor();
    await page.getByTestId('clip-title-input').fill('The winning goal');
    await page.getByTestId('clip-description-input').fill('Last-minute winner');
    const tag = page.getByTestId('tag-input');
    await tag.fill(' goal ');
    await tag.press('Enter');
    await tag.fill('replay');
    await page.getByTestId('add-tag').click();
    await tag.fill('goal');
    await tag.press('Enter');
    await tag.fill('oops');
    await tag.press('Enter');
    await page.getByRole('button', { name: 'Remove tag oops' }).click();
    expect(await page.getByTestId('tag-list').locator('li').allTextContents()).toEqual(['#goal×', '#replay×']);
    expect(page.url()).toContain('/clip-creator'); // Enter in the tag box never submitted the form
    await screenshot(page, 'clip-creator-1280');

    await page.getByTestId('create-clip').click();
    await page.waitForURL(/\/clips\/[A-Za-z0-9]+$/);
    clipPath = new URL(page.url()).pathname;
    await page.getByText('Clip created! You earned 5 tokens.').waitFor();
    expect(await menuBalance(page)).toBe(105);

    // The clip is cut in the background; the page starts playing by itself once it is ready.
    const player = page.getByTestId('video-player');
    await player.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('clip-title').textContent()).toBe('The winning goal');
    expect(await page.getByTestId('clip-start').textContent()).toBe('0:02.5');
    expect(await page.getByTestId('clip-end').textContent()).toBe('0:12.5');
    expect(await page.getByTestId('watch-full').getAttribute('href')).toBe(`/video/${video.id}`);
    expect(await page.getByTestId('clip-tokens').textContent()).toBe('5.0 tokens earned');
    expect(await page.getByTestId('content-hash').textContent()).toMatch(/^baf/);
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);
    const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
    expect(Math.abs(duration - 10)).toBeLessThanOrEqual(0.2);
    await screenshot(page, 'clip-detail-1280');
  });

  it('lets another viewer browse, filter, like once (0.5 token to the clipper) and copy the link', async () => {
    const { page } = viewer;
    await page.goto('/clips');
    await expect.poll(() => page.getByTestId('clip-card').count()).toBe(1);
    expect(await page.getByTestId('stats-total').textContent()).toBe('1');
    expect(await page.getByTestId('load-more').count()).toBe(0);

    const like = page.getByTestId('clip-like');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await like.click(); // locked: the count stays
    expect(await page.getByTestId('clip-like-count').textContent()).toBe('1');
    await expect.poll(() => menuBalance(clipper.page), { timeout: 10_000 }).toBe(105.5);

    await page.getByTestId('clip-copy-link').click();
    await page.getByText('Clip link copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}${clipPath}`);
    expect(await page.getByTestId('clip-create-from').getAttribute('href')).toBe(`/clip-creator?video=${video.id}`);

    await page.getByTestId('duration-20').click();
    await page.getByTestId('clips-empty').waitFor();
    expect(await page.getByTestId('clips-empty').textContent()).toContain(
      'Try adjusting your filters to see more clips',
    );
    await page.getByTestId('duration-20').click(); // a second press clears the toggle
    await expect.poll(() => page.getByTestId('clip-card').count()).toBe(1);
    await page.getByTestId('category-Sports').click();
    await page.getByTestId('creator-search').fill(clipper.wallet.account.address.toLowerCase());
    await page.getByTestId('creator-search').press('Enter');
    await expect.poll(() => page.url()).toContain('creator=');
    await expect.poll(() => page.getByTestId('clip-card').count()).toBe(1);
    await page.getByTestId('creator-search').fill(owner.wallet.account.address);
    await page.getByTestId('creator-search').press('Enter');
    await page.getByTestId('clips-empty').waitFor();
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => page.getByTestId('clip-card').count()).toBe(1);
    expect(await page.getByTestId('creator-search').inputValue()).toBe('');

    // On the clip page the like is already locked for this viewer.
    await page.goto(clipPath);
    await page.getByTestId('clip-title').waitFor();
    expect(await page.getByTestId('clip-like').getAttribute('aria-pressed')).toBe('true');
  });

  it('loads more clips 20 at a time, only while the last page was full', async () => {
    for (let i = 0; i < 20; i++) {
      await apiAs(clipper.page, '/api/clips/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Moment ${i + 1}`,
          description: '',
          start_time: i * 0.3,
          duration: 10,
          tags: [],
          source_video_id: video.id,
        }),
      });
    }
    await expect
      .poll(async () => (await apiAs<{ clips: Clip[] }>(viewer.page, '/api/clips?limit=50')).clips.length, {
        timeout: 120_000,
      })
      .toBe(21);
    const { page } = viewer;
    await page.goto('/clips');
    await expect.poll(() => page.getByTestId('clip-card').count()).toBe(20);
    await page.getByTestId('load-more').click();
    await expect.poll(() => page.getByTestId('clip-card').count()).toBe(21);
    expect(await page.getByTestId('load-more').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'clips-1280');

    await page.goto(clipPath);
    await expect.poll(() => page.getByTestId('more-clips').locator('li').count()).toBe(6);
    await screenshot(page, 'clip-detail-more-1280');
  }, 180_000);

  it('lays the three pages out on a 360 px phone', async () => {
    const phone = await signedInWithWallet(browser, server.url, 360);
    const { page } = phone;
    await page.goto('/clips');
    await expect.poll(() => page.getByTestId('clip-card').count()).toBe(20);
    await screenshot(page, 'clips-360');
    await noOverflow(page, '/clips');
    await page.goto(clipPath);
    await page.getByTestId('video-player').waitFor();
    await screenshot(page, 'clip-detail-360');
    await noOverflow(page, 'clip page');
    await page.goto(`/clip-creator?video=${video.id}`);
    await page.getByTestId('timeline-range').waitFor();
    await screenshot(page, 'clip-creator-360');
    await noOverflow(page, 'clip creator');
    await phone.context.close();
  });
});
