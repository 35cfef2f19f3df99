import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTestVideo } from '@app/media';
import type { Video } from '@app/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { browserAvailable, launchBrowser, screenshot } from '../support/browser.ts';
import { runAdminCli, startServer, type RunningServer } from '../support/server.ts';
import { signedInWithWallet, type SignedInPage } from '../support/session.ts';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-creator-tools-'));
const clip = path.join(fixtures, 'Harbour lights.mp4');
const large = path.join(fixtures, 'Long ferry ride.mp4');

/** The creator's own videos as the server lists them. */
const myVideos = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/user/videos', {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await res.json()) as { videos: Video[] }).videos;
  });

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.runIf(browserAvailable())("creator's tools in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let creator: SignedInPage;
  let videoId = '';

  beforeAll(async () => {
    await generateTestVideo(clip, { seconds: 6, width: 640, height: 360 });
    fs.writeFileSync(large, Buffer.alloc(40 * 1024 * 1024, 1)); // only its transfer matters: it is cancelled
    server = await startServer();
    browser = await launchBrowser();
    creator = await signedInWithWallet(browser, server.url);
    const { page } = creator;
    await page.goto('/upload');
    await page.getByTestId('file-input').setInputFiles(clip);
    await page.getByTestId('upload-submit').click();
    await page.waitForURL(`${server.url}/library`, { timeout: 30_000 });
    const card = page.getByTestId('video-card').filter({ hasText: 'Harbour lights' });
    await card.getByTestId('processing-badge').waitFor({ state: 'detached', timeout: 60_000 });
    videoId = (await myVideos(page))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edits the title and picks a frame as the thumbnail, from the watch page (1280 px)', async () => {
    const { page } = creator;
    await page.goto(`/video/${videoId}`);
    await page.getByTestId('edit-video-link').click();
    await page.waitForURL(`${server.url}/video/${videoId}/edit`);
    await page.getByTestId('frame-2').waitFor();
    await page.getByTestId('edit-title').fill('Harbour lights at dusk');
    // the frames are one radio group: arrows move the choice
    await page.getByTestId('frame-0').locator('input').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('frame-1').locator('input').isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('frame-2').locator('input').isChecked()).toBe(true);
    expect(await seriousViolations(page, 'edit page')).toEqual([]);
    await screenshot(page, 'creator-tools-edit-1280');
    await page.getByTestId('edit-save').click();
    await page.getByText('Changes saved').waitFor();

    const [video] = await myVideos(page);
    expect(video!.title).toBe('Harbour lights at dusk');
    const choices = await page.evaluate(async (id) => {
      const res = await fetch(`/api/videos/${id}/thumbnail-choices`, {
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
      return (await res.json()) as { current: number | null };
    }, videoId);
    expect(choices.current).toBe(2);
    await page.goto(`/video/${videoId}`);
    expect(await page.getByTestId('video-title').textContent()).toBe('Harbour lights at dusk');
  }, 60_000);

  it('cancels an upload under way, and the server keeps nothing of it', async () => {
    const { page } = creator;
    await page.goto('/upload');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await page.getByTestId('file-input').setInputFiles(large);
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-cancel').click();
    await page.getByTestId('upload-cancelled').waitFor();
    expect(await page.getByTestId('upload-error').count()).toBe(0);
    await screenshot(page, 'creator-tools-upload-cancelled-1280');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect((await myVideos(page)).map((v) => v.title)).toEqual(['Harbour lights at dusk']);
    const tmp = path.join(server.joinEnv.DATA_DIR!, 'tmp');
    const leftovers = () => fs.readdirSync(tmp, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    for (let i = 0; i < 50 && leftovers().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('tells someone else the video is not theirs; staff may only delete it, behind the confirmation', async () => {
    const other = await signedInWithWallet(browser, server.url);
    try {
      const { page } = other;
      await page.goto(`/video/${videoId}/edit`);
      await page.getByTestId('video-edit-refused').waitFor();
      expect(await page.getByTestId('delete-video').count()).toBe(0);
      await runAdminCli(server, 'grant', other.wallet.account.address, 'support');
      await page.reload();
      await page.getByTestId('delete-video').waitFor();
      expect(await page.getByTestId('video-edit-refused').count()).toBe(0);
      expect(await page.getByTestId('edit-save').count()).toBe(0); // the creator's details stay theirs
      await page.getByTestId('delete-video').click();
      await page.getByTestId('delete-video-dialog').waitFor();
      expect(await seriousViolations(page, 'staff delete dialog')).toEqual([]);
      await screenshot(page, 'creator-tools-staff-delete-1280');
      await page.keyboard.press('Escape');
      await page.getByTestId('delete-video-dialog').waitFor({ state: 'detached' });
      expect((await myVideos(creator.page)).map((v) => v.id)).toEqual([videoId]);
    } finally {
      await other.context.close();
    }
  }, 60_000);

  it('deletes the video after a confirmation, from the creator’s card (360 px)', async () => {
    const { page } = creator;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/library');
    await page.getByTestId('card-edit-link').first().waitFor();
    await screenshot(page, 'creator-tools-library-360');
    await page.getByTestId('card-edit-link').first().click();
    await page.waitForURL(`${server.url}/video/${videoId}/edit`);
    await page.getByTestId('frame-0').waitFor();
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'creator-tools-edit-360');
    await page.getByTestId('delete-video').click();
    await page.getByTestId('delete-video-dialog').waitFor();
    expect(await seriousViolations(page, 'delete dialog')).toEqual([]);
    await screenshot(page, 'creator-tools-delete-360');
    // Cancel keeps it
    await page.keyboard.press('Escape');
    await page.getByTestId('delete-video-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('delete-video').click();
    await page.getByTestId('delete-video-submit').click();
    await page.waitForURL(`${server.url}/profile`);
    expect(await myVideos(page)).toEqual([]);
    await page.goto(`/video/${videoId}`);
    await page.getByTestId('video-not-found').waitFor();
  }, 60_000);
});
