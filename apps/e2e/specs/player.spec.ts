import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signedInWithWallet, type SignedInPage } from '../support/session.ts';

const SECONDS = 20;

declare global {
  interface Window {
    axe: typeof axe;
  }
}

describe.runIf(browserAvailable())('the player in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let creator: SignedInPage;
  let viewer: SignedInPage;
  let videoUrl = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-player-'));
  const main = path.join(dir, 'River at dusk.mp4');
  const short = path.join(dir, 'Morning bells.mp4');
  const captions = path.join(dir, 'river.vtt');
  const notCaptions = path.join(dir, 'river.srt');

  /** The creator uploads through the page and waits for the video to be processed. */
  const upload = async (file: string, title: string) => {
    const { page } = creator;
    await page.goto('/upload');
    await page.getByTestId('file-input').setInputFiles(file);
    await page.getByTestId('title-input').fill(title);
    await page.getByTestId('upload-submit').click();
    await page.waitForURL(`${server.url}/library`, { timeout: 30_000 });
    const card = page.getByTestId('video-card').filter({ hasText: title });
    return card;
  };
  const video = (page: Page) => page.getByTestId('video-player');
  const state = (page: Page) =>
    video(page).evaluate((v: HTMLVideoElement) => ({
      paused: v.paused,
      time: v.currentTime,
      muted: v.muted,
      rate: v.playbackRate,
      duration: v.duration,
    }));
  /** Keys pressed with nothing focused: on the page body, as a viewer who just clicked away would. */
  const press = async (page: Page, key: string) => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(key);
  };
  const announced = (page: Page) => page.getByTestId('player-announce').textContent();
  /** Serious or critical accessibility problems axe finds in the player and the caption form. */
  const accessibilityProblems = async (page: Page) => {
    await page.evaluate(axe.source); // evaluated by the debugger protocol: the page's CSP allows no inline script
    return page.evaluate(async () => {
      const result = await window.axe.run(
        { include: [['[data-testid="player"]'], ['[data-testid="caption-upload"]']] },
        { resultTypes: ['violations'] },
      );
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
  };
  const ready = async (page: Page) => {
    await page.getByTestId('player-speed').waitFor();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  };

  beforeAll(async () => {
    await generateTestVideo(main, { seconds: SECONDS, width: 1280, height: 720 });
    await generateTestVideo(short, { seconds: 6, width: 320, height: 180 });
    fs.writeFileSync(captions, 'WEBVTT\n\n00:00.000 --> 00:19.000\nHello from the river\n');
    fs.writeFileSync(notCaptions, '1\n00:00:00,000 --> 00:00:02,000\nHello\n');
    server = await startServer();
    browser = await launchBrowser();
    creator = await signedInWithWallet(browser, server.url);
    viewer = await signedInWithWallet(browser, server.url);
    await upload(short, 'Morning bells');
    const card = await upload(main, 'River at dusk');
    await card.click();
    await creator.page.getByTestId('video-title').waitFor();
    videoUrl = creator.page.url();
    // both processed: the feed lists ready videos only
    await vi.waitFor(
      async () => {
        await creator.page.goto('/');
        expect(await creator.page.getByTestId('video-card').count()).toBe(2);
      },
      { timeout: 120_000, interval: 2000 },
    );
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plays, pauses, seeks, mutes and jumps with the keys, but never while typing', async () => {
    const { page } = viewer;
    await page.goto(videoUrl);
    await ready(page);
    await press(page, 'k');
    await expect.poll(async () => (await state(page)).paused).toBe(false);
    await press(page, ' ');
    await expect.poll(async () => (await state(page)).paused).toBe(true);

    const at = async (seconds: number) =>
      expect.poll(async () => Math.abs((await state(page)).time - seconds)).toBeLessThan(0.3);
    await press(page, '2'); // 20 %
    await at(4);
    await press(page, 'l');
    await at(14);
    await press(page, 'j');
    await at(4);
    await press(page, 'ArrowRight');
    await at(9);
    await press(page, 'ArrowLeft');
    await at(4);
    await press(page, '9');
    await at(18);
    await press(page, 'l'); // never past the end
    await expect.poll(async () => (await state(page)).time).toBeLessThanOrEqual(SECONDS + 0.1);
    await press(page, '0');
    await expect.poll(async () => (await state(page)).time).toBe(0);

    await press(page, 'm');
    expect((await state(page)).muted).toBe(true);
    expect(await announced(page)).toBe('Muted');
    await press(page, 'm');
    expect((await state(page)).muted).toBe(false);

    // typing in the search box: the letters are text, not commands
    const search = page.locator('header input[type="search"]');
    await search.fill('');
    await search.focus();
    await page.keyboard.type('k m 5');
    expect(await search.inputValue()).toBe('k m 5');
    const after = await state(page);
    expect(after.paused).toBe(true);
    expect(after.muted).toBe(false);
    expect(after.time).toBe(0);
  });

  it('changes speed and quality from menus used with the keyboard', async () => {
    const { page } = viewer;
    await page.goto(videoUrl);
    await ready(page);
    const speed = page.getByTestId('player-speed');
    expect(await speed.getAttribute('aria-label')).toBe('Speed: Normal');
    await speed.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Normal');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // Normal → 1.25× → 1.5×
    expect((await state(page)).rate).toBe(1.5);
    expect(await announced(page)).toBe('Speed 1.5×');
    // the label follows the element's `ratechange` event, which may come a moment after the announcement
    await expect.poll(() => speed.getAttribute('aria-label')).toBe('Speed: 1.5×');

    // the renditions of the master playlist: a 720p source gets 720p and 360p
    const segments: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/media/hls/')) segments.push(r.url());
    });
    const quality = page.getByTestId('player-quality');
    await quality.click();
    const items = page.locator('.player-menu-panel [role="menuitemradio"]');
    expect((await items.allTextContents()).slice(1)).toEqual(['720p', '360p']);
    expect(await items.first().getAttribute('aria-checked')).toBe('true'); // Auto
    await items.filter({ hasText: /^360p$/ }).click();
    expect(await quality.textContent()).toBe('360p');
    expect(await announced(page)).toBe('Quality: 360p');
    await press(page, 'k');
    await expect.poll(() => segments.some((u) => u.includes('/360p/') && !u.endsWith('.m3u8'))).toBe(true);
    await press(page, 'k');
    await screenshot(page, 'player-menus-1280');
  });

  it('resumes a signed-in viewer where they stopped, from the server', async () => {
    const { page } = viewer;
    await page.goto(videoUrl);
    await ready(page);
    const beat = page.waitForResponse((r) => r.url().includes('/heartbeat') && r.status() === 200);
    await press(page, '6'); // 12 s of 20
    await beat;
    await page.evaluate(() => localStorage.removeItem('tarang.resume')); // only the server knows now
    await page.reload();
    await expect.poll(() => page.getByTestId('player-resumed').textContent()).toContain('Resumed from 0:12');
    expect((await state(page)).time).toBeCloseTo(12, 0);
    const back = page.waitForResponse((r) => r.url().includes('/heartbeat') && r.status() === 200);
    await page.getByTestId('player-start-over').click();
    expect((await state(page)).time).toBe(0);
    expect(await page.getByTestId('player-resumed').count()).toBe(0);
    await back;
    // starting over sticks: the next visit starts at the beginning
    const asked = page.waitForResponse((r) => r.url().endsWith('/position'));
    await page.reload();
    expect((await (await asked).json()) as unknown).toEqual({ position: 0 });
    await ready(page);
    expect(await page.getByTestId('player-resumed').count()).toBe(0);
    expect((await state(page)).time).toBe(0);
  });

  it('remembers theatre mode and goes full screen with f', async () => {
    const { page } = viewer;
    await page.goto(videoUrl);
    await ready(page);
    const theatre = page.getByTestId('player-theatre');
    expect(await theatre.getAttribute('aria-pressed')).toBe('false');
    const width = await video(page).evaluate((v) => v.getBoundingClientRect().width);
    await theatre.click();
    expect(await page.locator('.watch-theatre').count()).toBe(1);
    await page.reload();
    await ready(page);
    expect(await page.getByTestId('player-theatre').getAttribute('aria-pressed')).toBe('true');
    expect(await video(page).evaluate((v) => v.getBoundingClientRect().width)).toBeGreaterThan(width + 300);
    await screenshot(page, 'player-theatre-1280');
    await page.getByTestId('player-theatre').click();

    await press(page, 'f');
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid')))
      .toBe('player');
    await press(page, 'f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  });

  it('offers the next video when one ends, with a countdown that can be cancelled and autoplay that can be turned off', async () => {
    const { page } = viewer;
    await page.goto(videoUrl);
    await ready(page);
    const toEnd = () =>
      video(page).evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        v.currentTime = v.duration - 0.3;
        return v.play();
      });
    await toEnd();
    await page.getByTestId('up-next').waitFor();
    expect(await page.getByTestId('up-next').textContent()).toContain('Morning bells');
    expect(await page.getByTestId('up-next-countdown').textContent()).toMatch(/Next video in \d s/);
    await page.getByTestId('up-next-cancel').click();
    expect(await page.getByTestId('up-next').count()).toBe(0);
    expect(page.url()).toBe(videoUrl);

    await page.getByTestId('player-autoplay').click();
    await page.reload();
    await ready(page);
    expect(await page.getByTestId('player-autoplay').getAttribute('aria-checked')).toBe('false');
    await toEnd();
    await page.getByTestId('up-next').waitFor();
    expect(await page.getByTestId('up-next-countdown').count()).toBe(0);
    await page.getByTestId('up-next-play').click();
    await expect.poll(() => page.getByTestId('video-title').textContent()).toBe('Morning bells');
    await page.goto(videoUrl);
    await ready(page);
    await page.getByTestId('player-autoplay').click(); // back on for the other tests
  });

  it('lets the creator add WebVTT captions, refuses another format, and shows the cue with c', async () => {
    const { page } = creator;
    await page.goto(videoUrl);
    await ready(page);
    expect(await page.getByTestId('player-captions').count()).toBe(0);
    await page.getByTestId('caption-upload').locator('summary').click();
    await page.getByTestId('caption-language').fill('en');
    await page.getByTestId('caption-file').setInputFiles(notCaptions);
    await page.getByTestId('caption-submit').click();
    await expect
      .poll(() => page.getByTestId('caption-error').textContent())
      .toBe('This is not a WebVTT caption file: it must start with the line WEBVTT');

    await page.getByTestId('caption-file').setInputFiles(captions);
    await page.getByTestId('caption-submit').click();
    await page.getByTestId('player-captions').waitFor();
    await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 2));
    await press(page, 'c');
    expect(await announced(page)).toBe('Captions: English');
    await expect
      .poll(() =>
        video(page).evaluate((v: HTMLVideoElement) => {
          const track = v.textTracks[0];
          return track?.mode === 'showing' ? (track.activeCues?.[0] as VTTCue | undefined)?.text : undefined;
        }),
      )
      .toBe('Hello from the river');
    await screenshot(page, 'player-captions-1280');
    await press(page, 'c');
    expect(await announced(page)).toBe('Captions off');
    await page.getByTestId('player-captions').click();
    expect(await accessibilityProblems(page)).toEqual([]); // with a menu open
    await page.locator('.player-menu-panel [role="menuitemradio"]', { hasText: 'English' }).click();
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('showing');
  });

  it('works at 360 px for a visitor, who resumes from this device', async () => {
    const context = await newContext(browser, { baseURL: server.url, width: 360, height: 740 });
    const page = await context.newPage();
    try {
      await page.goto(videoUrl);
      await ready(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await press(page, 'k');
      await expect.poll(async () => (await state(page)).paused).toBe(false);
      await press(page, '4');
      await press(page, 'k');
      await expect.poll(async () => (await state(page)).paused).toBe(true);
      await page.getByTestId('player-speed').click();
      await screenshot(page, 'player-menu-360');
      await page.keyboard.press('Escape');
      await page.reload();
      await ready(page);
      await expect.poll(() => page.getByTestId('player-resumed').textContent()).toContain('Resumed from 0:08');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await screenshot(page, 'player-360');
    } finally {
      await context.close();
    }
  });
});
