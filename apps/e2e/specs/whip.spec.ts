import type { Stream } from '@app/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { FAKE_MEDIA_ARGS, browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signedInWithWallet } from '../support/session.ts';

describe.runIf(browserAvailable())('going live from the camera over WHIP in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  /** Seconds the page's player has played: it advances only while media arrives. */
  const played = (page: Page) => page.getByTestId('live-player').evaluate((v: HTMLVideoElement) => v.currentTime);

  /** Creates a stream on the Go Live page with the camera as its source, and starts it. */
  const goLive = async (page: Page, title: string): Promise<string> => {
    await page.goto('/go-live');
    await page.getByTestId('stream-title-input').fill(title);
    await page.getByTestId('stream-category').selectOption('Music');
    await page.getByTestId('create-stream').click();
    await page.getByTestId('camera-preview').waitFor();
    await page.getByTestId('start-stream').click();
    await expect.poll(() => page.getByTestId('stream-state').textContent(), { timeout: 30_000 }).toBe('On air');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const mine = (await (
      await fetch(`${server.url}/api/user/streams`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { streams: Stream[] };
    return mine.streams.find((s) => s.title === title)!.id;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(FAKE_MEDIA_ARGS);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('publishes the fake camera over WHIP, and a second page plays it', async () => {
    const { page } = await signedInWithWallet(browser, server.url);
    const offers: number[] = [];
    page.on('response', (res) => res.url().endsWith('/whip') && offers.push(res.status()));
    page.on('websocket', (ws) => expect(ws.url()).not.toContain('/ws/ingest/'));
    const streamId = await goLive(page, 'Camera over WHIP');
    expect(offers).toEqual([201]);
    expect(await page.getByTestId('camera-fallback').count()).toBe(0);
    expect(await page.getByTestId('whip-url').textContent()).toMatch(new RegExp(`/api/streams/${streamId}/whip$`));
    await screenshot(page, 'go-live-whip-1280');

    const viewer = await newContext(browser, { baseURL: server.url, width: 360 });
    const watching = await viewer.newPage();
    await watching.goto(`/stream/${streamId}`);
    await expect.poll(() => played(watching), { timeout: 30_000, interval: 250 }).toBeGreaterThan(1);
    await screenshot(watching, 'stream-from-whip-360');
    await viewer.close();

    await page.getByTestId('stop-stream').click();
    await page.getByTestId('stream-summary').waitFor();
    await page.context().close();
  }, 120_000);

  it('falls back to the camera socket when WHIP cannot be used, and says so', async () => {
    const { page } = await signedInWithWallet(browser, server.url, 360);
    await page.route(/\/whip$/, (route) => route.abort());
    await goLive(page, 'Camera over the fallback');
    await page.getByTestId('camera-fallback').waitFor();
    expect(await page.getByTestId('camera-fallback').textContent()).toBe(
      'WebRTC could not connect, so your camera goes over the slower fallback connection (a few seconds more delay).',
    );
    await screenshot(page, 'go-live-fallback-360');
    expect(await seriousViolations(page, 'go live over the fallback', 'main')).toEqual([]);
    await page.getByTestId('stop-stream').click();
    await page.getByTestId('stream-summary').waitFor();
    await page.context().close();
  }, 120_000);
});
