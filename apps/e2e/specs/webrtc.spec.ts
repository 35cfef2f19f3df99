import { publishTestPattern, type TestPublisher } from '@app/media';
import type { StreamCreated } from '@app/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signedInWithWallet } from '../support/session.ts';

describe.runIf(browserAvailable())('live playback over WebRTC in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let obs: TestPublisher;
  let streamId = '';

  /** Seconds the page's player has played: it advances only while media arrives. */
  const played = (page: Page) => page.getByTestId('live-player').evaluate((v: HTMLVideoElement) => v.currentTime);
  const mode = (page: Page) => page.getByTestId('live-player').getAttribute('data-mode');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const { page, context } = await signedInWithWallet(browser, server.url);
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/streams/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: JSON.stringify({ title: 'Test pattern over WebRTC', category: 'Technology' }),
      });
      return (await res.json()) as StreamCreated;
    });
    await context.close();
    streamId = created.stream_id;
    obs = await publishTestPattern(`${created.rtmp_url.replace('localhost', '127.0.0.1')}/${created.stream_key}`, {
      seconds: 120,
    });
    // on air once its playlist is there
    await vi.waitFor(
      async () => {
        const res = await fetch(`${server.url}/api/streams/${streamId}`);
        expect(((await res.json()) as { hls_url: string | null }).hls_url).toBeTruthy();
      },
      { timeout: 30_000, interval: 500 },
    );
  }, 90_000);
  afterAll(async () => {
    obs?.stop();
    await browser?.close();
    await server?.stop();
  });

  it('plays the stream over WebRTC and says so', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    const offers: number[] = [];
    page.on('response', (res) => res.url().endsWith('/whep') && offers.push(res.status()));
    await page.goto(`/stream/${streamId}`);
    await expect.poll(() => played(page), { timeout: 20_000, interval: 250 }).toBeGreaterThan(1);
    expect(await mode(page)).toBe('webrtc');
    expect(offers).toEqual([201]);
    expect(await page.getByTestId('playback-mode').textContent()).toBe('WebRTC · low latency');
    expect(await page.getByRole('button', { name: 'WebRTC · low latency' }).getAttribute('aria-pressed')).toBe('true');
    const srcObject = await page.getByTestId('live-player').evaluate((v: HTMLVideoElement) => v.srcObject !== null);
    expect(srcObject).toBe(true);
    await screenshot(page, 'stream-webrtc-1280');

    // The viewer may choose HLS, and it plays too.
    await page.getByRole('button', { name: 'HLS' }).click();
    expect(await page.getByTestId('playback-mode').textContent()).toBe('HLS');
    await expect
      .poll(() => page.getByTestId('live-player').evaluate((v: HTMLVideoElement) => v.srcObject === null), {
        timeout: 5_000,
      })
      .toBe(true);
    const start = await played(page);
    await expect.poll(() => played(page), { timeout: 20_000, interval: 250 }).toBeGreaterThan(start + 1);
    await context.close();
  }, 60_000);

  it('falls back to HLS by itself when WebRTC cannot be negotiated', async () => {
    const context = await newContext(browser, { baseURL: server.url, width: 360 });
    const page = await context.newPage();
    await page.route(/\/whep$/, (route) => route.abort());
    await page.goto(`/stream/${streamId}`);
    await expect.poll(() => mode(page), { timeout: 10_000, interval: 250 }).toBe('hls');
    expect(await page.getByTestId('playback-mode').textContent()).toBe(
      'Low-latency playback is not available right now, so this stream plays over HLS.',
    );
    await expect.poll(() => played(page), { timeout: 20_000, interval: 250 }).toBeGreaterThan(1);
    await screenshot(page, 'stream-webrtc-fallback-360');
    await context.close();
  }, 60_000);
});
