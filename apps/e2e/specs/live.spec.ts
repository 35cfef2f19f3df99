import { publishTestPattern } from '@app/media';
import type { Stream } from '@app/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MEDIA_ARGS, browserAvailable, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { menuBalance, signedInWithWallet, type SignedInPage } from '../support/session.ts';

describe.runIf(browserAvailable())('live streaming in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let creator: SignedInPage;
  let alice: SignedInPage;
  let bob: SignedInPage;
  let streamId = '';

  const stream = async (): Promise<Stream> =>
    (await fetch(`${server.url}/api/streams/${streamId}`)).json() as Promise<Stream>;
  const noOverflow = async (page: Page, label: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
  };
  /** Seconds of picture the page's player has played (it plays only when segments arrive). */
  const played = (page: Page) => page.getByTestId('live-player').evaluate((v: HTMLVideoElement) => v.currentTime);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(FAKE_MEDIA_ARGS);
    creator = await signedInWithWallet(browser, server.url);
    alice = await signedInWithWallet(browser, server.url);
    bob = await signedInWithWallet(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows visitors the empty directory, the sign-in prompts and the not-found page', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/go-live');
    await page.getByText('Sign In Required').waitFor();

    // While the list loads: 8 skeleton cards.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/streams\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/live');
    await page.getByTestId('stream-skeletons').waitFor();
    expect(await page.getByTestId('stream-skeletons').locator('.skeleton').count()).toBe(8);
    release();
    await page.getByTestId('streams-empty').waitFor();
    await page.unroute(/\/api\/streams\?/);
    expect(await page.getByTestId('streams-empty').textContent()).toContain('No Live Streams');
    expect(await page.getByTestId('streams-empty').textContent()).toContain(
      'No one is currently streaming. Be the first to go live!',
    );
    expect(await page.getByTestId('sign-in-to-stream').getAttribute('href')).toBe('/login');
    expect(await page.getByTestId('go-live-button').count()).toBe(0);

    await page.getByTestId('category-filter').selectOption('Music');
    await page.getByText('No streams found in the Music category').waitFor();
    await page.getByTestId('category-filter').selectOption('');
    await page.getByTestId('status-ended').click();
    await page.getByText('No streams match your current filters').waitFor();
    expect(page.url()).toContain('status=ended');

    await page.goto('/stream/nosuchstream1');
    await page.getByTestId('stream-not-found').waitFor();
    expect(await page.getByTestId('stream-not-found').textContent()).toContain('Stream Not Found');
    expect(await page.getByTestId('stream-not-found').textContent()).toContain(
      'The stream you are looking for does not exist or has ended.',
    );
    expect(await page.getByTestId('stream-not-found').getByRole('link').getAttribute('href')).toBe('/live');
    await context.close();
  });

  it("goes live from the page's own camera: the form, the key, the ticking duration", async () => {
    const { page } = creator;
    await page.goto('/go-live');
    await page.getByTestId('create-stream').click();
    await page.getByText('Please enter a stream title').first().waitFor();
    await screenshot(page, 'go-live-form-1280');

    await page.getByTestId('stream-title-input').fill('Evening raga practice');
    await page.getByTestId('stream-description-input').fill('Slow alaap, then a fast gat.');
    await page.getByTestId('stream-category').selectOption('Music');
    for (const tag of ['raga', 'sitar', 'classical']) {
      await page.getByTestId('tag-input').fill(tag);
      await page.getByTestId('tag-input').press('Enter');
    }
    await page.getByTestId('create-stream').click();
    await page.getByTestId('stream-manager').waitFor();
    await page.getByTestId('camera-preview').waitFor();
    streamId = (await (await fetch(`${server.url}/api/streams?status=all`)).json()).streams[0]?.id ?? '';
    if (!streamId) {
      // not started yet, so not in the directory: the owner's own list has it
      const token = await page.evaluate(() => localStorage.getItem('authToken'));
      const mine = (await (
        await fetch(`${server.url}/api/user/streams`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { streams: Stream[] };
      streamId = mine.streams[0]!.id;
    }

    // The key stays hidden until revealed.
    expect(await page.getByTestId('stream-key').textContent()).toMatch(/^•+$/);
    await page.getByTestId('reveal-key').click();
    expect((await page.getByTestId('stream-key').textContent())!.length).toBeGreaterThan(20);
    expect(await page.getByTestId('rtmp-url').textContent()).toMatch(/^rtmp:\/\/.+\/live$/);

    await page.getByTestId('start-stream').click();
    await expect.poll(() => page.getByTestId('stream-state').textContent(), { timeout: 30_000 }).toBe('On air');
    expect((await stream()).hls_url).toBe(`/media/live/${streamId}/index.m3u8`);
    const first = await page.getByTestId('live-duration').textContent();
    await expect.poll(() => page.getByTestId('live-duration').textContent(), { timeout: 5_000 }).not.toBe(first);
    expect(await page.getByTestId('live-tokens').textContent()).toBe('10.0');
    await screenshot(page, 'go-live-manage-1280');
  });

  it('plays the stream to viewers, who chat and tip; the creator sees the tip', async () => {
    for (const viewer of [alice, bob]) {
      await viewer.page.goto(`/stream/${streamId}`);
      await viewer.page.getByTestId('live-player').waitFor();
    }
    // Real playback: the player's clock moves.
    await expect.poll(() => played(alice.page), { timeout: 30_000 }).toBeGreaterThan(1);
    await expect.poll(() => alice.page.getByTestId('chat-state').textContent()).toContain('Connected');
    await expect.poll(() => creator.page.getByTestId('live-viewers').textContent()).toBe('2');

    await alice.page.getByTestId('chat-input').fill('Namaste from Pune!');
    await alice.page.getByTestId('chat-input').press('Enter');
    await bob.page.getByText('Namaste from Pune!').waitFor();
    await creator.page.getByText('Namaste from Pune!').waitFor();
    expect(await alice.page.getByTestId('chat-input').inputValue()).toBe('');

    // Tips: invalid and too large are refused in the page; a good one moves tokens once.
    const before = await menuBalance(bob.page);
    await bob.page.getByTestId('chat-tip-toggle').click();
    await bob.page.getByTestId('chat-tip-amount').fill('0');
    await bob.page.getByTestId('chat-input').fill('Lovely');
    await bob.page.getByTestId('chat-input').press('Enter');
    await bob.page.getByText('Please enter a valid tip amount').waitFor();
    await bob.page.getByTestId('chat-tip-amount').fill(String(before + 1));
    await bob.page.getByTestId('chat-send').click();
    await bob.page.getByText('Insufficient tokens for tip').waitFor();
    await bob.page.getByTestId('chat-tip-amount').fill('2.5');
    await bob.page.getByTestId('chat-send').click();
    await creator.page.locator('.chat-line-tip', { hasText: 'Lovely' }).waitFor();
    await expect.poll(() => menuBalance(creator.page)).toBe(102.5); // the creator's balance follows a tip at once
    await alice.page.getByText(/tipped 2\.5 tokens!/).waitFor();
    await expect.poll(() => menuBalance(bob.page)).toBe(before - 2.5);
    await expect.poll(async () => (await stream()).tokens_earned).toBe(2.5);

    // Quick messages: the page keeps under the room's pace; one refused is kept in the box, with one
    // inline notice and no toast, and goes once the pace allows.
    const errorToasts = () => alice.page.locator('.toast-error').count();
    const toastsBefore = await errorToasts();
    for (let i = 0; i < 7; i++) {
      await alice.page.getByTestId('chat-input').fill(`quick ${i}`);
      await alice.page.getByTestId('chat-input').press('Enter');
    }
    await alice.page.getByTestId('chat-notice').waitFor();
    expect(await alice.page.getByTestId('chat-notice').count()).toBe(1);
    expect(await alice.page.getByTestId('chat-notice').textContent()).toContain('too quickly');
    expect(await alice.page.getByTestId('chat-input').inputValue()).toBe('quick 6');
    await bob.page.getByText('quick 3').waitFor();
    await screenshot(alice.page, 'stream-chat-pace-1280');
    await alice.page.getByTestId('chat-notice').waitFor({ state: 'detached', timeout: 7_000 });
    await alice.page.getByTestId('chat-input').press('Enter');
    await bob.page.getByText('quick 6').waitFor();
    expect(await alice.page.getByTestId('chat-input').inputValue()).toBe('');
    expect(await errorToasts()).toBe(toastsBefore);

    // The creator chats in creator mode, with no tip field.
    await creator.page.getByTestId('creator-mode').waitFor();
    expect(await creator.page.getByTestId('chat-tip-toggle').count()).toBe(0);
    await alice.page.getByTestId('follow-button').click();
    await expect.poll(() => alice.page.getByTestId('follow-button').textContent()).toBe('Following');
    await screenshot(alice.page, 'stream-viewer-1280');
  }, 120_000);

  it('clips the stream while it is live: from the Clip button to the new clip playing', async () => {
    const { page } = alice;
    await expect.poll(async () => (await stream()).duration, { timeout: 30_000 }).toBeGreaterThanOrEqual(18);
    await page.getByTestId('clip-button').click();
    await page.waitForURL(new RegExp(`/clip-creator\\?stream=${streamId}$`));
    await page.getByTestId('live-source-note').waitFor();
    await page.getByTestId('clip-title-input').fill('That alaap');
    await screenshot(page, 'clip-creator-live-1280');
    await page.getByTestId('create-clip').click();
    await page.waitForURL(/\/clips\/[A-Za-z0-9]+$/, { timeout: 30_000 });
    await page.getByTestId('video-player').waitFor({ timeout: 90_000 });
    await expect
      .poll(() => page.getByTestId('video-player').evaluate((v: HTMLVideoElement) => v.duration), { timeout: 30_000 })
      .toBeGreaterThan(9.5);
    expect((await stream()).is_live).toBe(true);
    await page.goto(`/stream/${streamId}`);
    await page.getByTestId('live-player').waitFor();
  }, 150_000);

  it('lists the stream in the directory with two tags then +N, and counts it', async () => {
    const { page } = bob; // alice stays on the stream for its end
    await page.goto('/live');
    const card = page.getByTestId('stream-card').first();
    await card.waitFor();
    expect(await card.getByTestId('stream-tags').locator('li').allTextContents()).toEqual(['#raga', '#sitar', '+1']);
    await expect.poll(() => page.getByTestId('stats-live').textContent()).toBe('1');
    await page.getByTestId('go-live-button').waitFor();
    await page.getByTestId('clips-cta').waitFor();
    await screenshot(page, 'live-1280');

    const phone = await signedInWithWallet(browser, server.url, 360);
    await phone.page.goto('/live');
    await phone.page.getByTestId('stream-card').first().waitFor();
    await screenshot(phone.page, 'live-360');
    await noOverflow(phone.page, '/live');
    await phone.page.goto(`/stream/${streamId}`);
    await phone.page.getByTestId('chat-panel').waitFor();
    await screenshot(phone.page, 'stream-viewer-360');
    await noOverflow(phone.page, 'stream viewer');
    await phone.page.goto('/go-live');
    await phone.page.getByTestId('go-live-form').waitFor();
    await screenshot(phone.page, 'go-live-form-360');
    await noOverflow(phone.page, 'go live');
    await phone.context.close();
  }, 60_000);

  it('ends: the creator is paid and the form comes back; viewers see the replay being made, and a closed chat', async () => {
    const { page } = creator;
    const before = await menuBalance(page);
    await page.getByTestId('stop-stream').click();
    await page.getByTestId('stream-summary').waitFor();
    await page.getByTestId('go-live-form').waitFor({ timeout: 6_000 }); // reset 3 s after stop
    await expect.poll(() => menuBalance(page)).toBe(before + 10);

    // the recording becomes the replay: word of it until it plays, never the offline box above it
    await alice.page.locator('[data-testid="replay-processing"], [data-testid="replay"]').waitFor({ timeout: 15_000 });
    expect(await alice.page.getByTestId('offline-notice').count()).toBe(0);
    await alice.page.getByTestId('chat-closed').waitFor(); // what was said stays; nothing more can be
    expect(await alice.page.getByTestId('chat-state').textContent()).toContain('Chat closed');
    expect(await alice.page.getByTestId('chat-state').textContent()).not.toContain('Connected');
    expect(await alice.page.getByTestId('chat-input').count()).toBe(0);
    expect(await alice.page.getByTestId('chat-message').count()).toBeGreaterThan(0);
    await screenshot(alice.page, 'stream-ended-1280');
  }, 60_000);

  it('reopens a dropped chat 5 times, 2 s × the attempt apart, then says it is lost', async () => {
    const context = await newContext(browser, { baseURL: server.url });
    // When each chat socket is opened, by the page's own (fake) clock: the gaps are the schedule.
    await context.addInitScript(() => {
      const opens: number[] = [];
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          if (String(url).includes('/ws/stream/')) opens.push(Date.now());
          super(url, protocols);
        }
      };
      Object.assign(window, { __chatOpens: opens });
    });
    const page = await context.newPage();
    await page.clock.install();
    const opened: string[] = []; // every chat socket the page opens is dropped at once
    await page.routeWebSocket(/\/ws\/stream\//, (ws) => {
      opened.push(ws.url());
      void ws.close({ code: 4000, reason: 'dropped' });
    });
    await page.goto(`/stream/${streamId}`);
    await page.getByTestId('chat-panel').waitFor();
    await expect.poll(() => opened.length).toBe(1);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.clock.runFor(2000 * attempt);
      await expect.poll(() => opened.length).toBe(attempt + 1);
    }
    await page.getByText('Lost connection to live chat. Please refresh to reconnect.').first().waitFor();
    await page.clock.runFor(60_000);
    expect(opened).toHaveLength(6);
    // Each gap is the wait (2 s × the attempt) plus the moment the drop took to arrive.
    const opens = await page.evaluate(() => (window as unknown as { __chatOpens: number[] }).__chatOpens);
    const gaps = opens.slice(1).map((at, i) => at - opens[i]!);
    gaps.forEach((gap, i) => {
      expect(gap, `attempt ${i + 1}`).toBeGreaterThanOrEqual(2000 * (i + 1));
      expect(gap, `attempt ${i + 1}`).toBeLessThan(2000 * (i + 1) + 1000);
    });
    await context.close();
  });

  it('goes live from OBS: the RTMP address and key on the page take a published stream', async () => {
    const { page } = creator;
    await page.getByTestId('stream-title-input').fill('Desk setup tour');
    await page.getByTestId('source-software').check();
    await page.getByTestId('create-stream').click();
    await page.getByTestId('stream-manager').waitFor();
    expect(await page.getByTestId('camera-preview').count()).toBe(0);
    await page.getByTestId('reveal-key').click();
    const key = (await page.getByTestId('stream-key').textContent())!;
    const rtmp = (await page.getByTestId('rtmp-url').textContent())!.replace('localhost', '127.0.0.1');
    const obs = await publishTestPattern(`${rtmp}/${key}`, { seconds: 60 });
    // Publishing alone puts the stream on air; the page follows.
    await expect.poll(() => page.getByTestId('stream-state').textContent(), { timeout: 30_000 }).toBe('On air');
    await page.getByTestId('stop-stream').click();
    await page.getByTestId('stream-summary').waitFor();
    expect((await obs.exited).code).not.toBe(0); // the server cut the publisher at stop
  }, 90_000);

  it('discards a created stream that never went live: the form comes back and the stream is gone', async () => {
    const { page } = creator;
    await page.goto('/go-live');
    await page.getByTestId('stream-title-input').fill('Changed my mind');
    await page.getByTestId('source-software').check();
    await page.getByTestId('create-stream').click();
    await page.getByTestId('stream-manager').waitFor();
    await screenshot(page, 'go-live-discard-1280');
    await page.getByTestId('discard-stream').click();
    await page.getByTestId('go-live-form').waitFor();
    await page.getByText('Stream discarded').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const mine = (await (
      await fetch(`${server.url}/api/user/streams`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { streams: Stream[] };
    expect(mine.streams.map((s) => s.title)).not.toContain('Changed my mind');
    expect(await page.getByTestId('resume-stream').count()).toBe(0);
  });
});
