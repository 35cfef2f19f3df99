import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { CHROMIUM, launchBrowser, newContext } from '../../../apps/e2e/support/browser.ts';
import { closeOnExit } from './cleanup.ts';
import type * as WhipClient from '../../../apps/web/src/lib/whip.ts';
import { PAGE_PUBLISHER } from './time-code.ts';

/** the web app's own WHIP client, bundled for the publisher page */
const WHIP_CLIENT = path.resolve(import.meta.dirname, '../../../apps/web/src/lib/whip.ts');
/** a blank page on the server's origin, so the WHIP requests are same-origin as the Go Live page's */
const BLANK = '/bench-whip-publisher';

export interface WhipCanvasPublisher {
  /** frames drawn so far */
  frames(): Promise<number>;
  /** whether the publisher's connection failed after it came up */
  failed(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Publishes a time-coded canvas (time-code.ts PAGE_PUBLISHER: 1280×720 at 30 fps with a tone) to the
 * stream over WHIP from a headless Chromium of its own, as the Go Live page does: the web app's
 * startWhip (constrained-baseline H.264 and Opus) with the ICE servers of /api/streams/webrtc, and the
 * stream key as the bearer token, as OBS would. Resolves once the connection is up; throws with the
 * reason when the server has WebRTC off, this Chromium cannot encode H.264, or the publish fails.
 */
export async function publishCanvasOverWhip(o: {
  baseUrl: string;
  streamId: string;
  streamKey: string;
}): Promise<WhipCanvasPublisher> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  const client = await build({
    entryPoints: [WHIP_CLIENT],
    bundle: true,
    format: 'iife',
    globalName: '__whip',
    platform: 'browser',
    write: false,
    logLevel: 'error',
  });
  const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const close = closeOnExit(() => browser.close());
  try {
    const context = await newContext(browser, { baseURL: o.baseUrl, language: null });
    const page = await context.newPage();
    await page.route(BLANK, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><body>' }));
    await page.goto(BLANK);
    await page.addScriptTag({ content: client.outputFiles[0]!.text });
    await page.evaluate(PAGE_PUBLISHER);
    const problem = await page.evaluate(
      async ({ streamId, streamKey }) => {
        const w = window as unknown as {
          __whip: typeof WhipClient;
          __timeCodeCanvas: { stream: MediaStream };
          __whipFailed: boolean;
          __whipSession: { close(): void };
        };
        if (!w.__whip.canPublishWhip()) return 'this Chromium cannot send WebRTC with constrained-baseline H.264';
        const settings = await fetch('/api/streams/webrtc').then((r) => r.json() as Promise<Record<string, unknown>>);
        if (!settings.enabled) return 'the server has WebRTC off (WEBRTC_ENABLED)';
        try {
          const ice = settings.ice_servers as RTCIceServer[];
          w.__whipSession = await w.__whip.startWhip(
            `/api/streams/${streamId}/whip`,
            streamKey,
            w.__timeCodeCanvas.stream,
            ice,
            () => {
              w.__whipFailed = true;
            },
          );
          w.__whipFailed = false;
          return null;
        } catch (err) {
          return `the WHIP publish failed: ${err instanceof Error ? err.message : String(err)}`;
        }
      },
      { streamId: o.streamId, streamKey: o.streamKey },
    );
    if (problem) throw new Error(`browser ingest: ${problem}`);
    return {
      frames: () =>
        page.evaluate(() => (window as unknown as { __timeCodeCanvas: { frames: number } }).__timeCodeCanvas.frames),
      failed: () => page.evaluate(() => (window as unknown as { __whipFailed: boolean }).__whipFailed),
      stop: async () => {
        // hang up as the Go Live page does (DELETE), so the stream ends now rather than when it goes silent
        await page
          .evaluate(() => (window as unknown as { __whipSession: { close(): void } }).__whipSession.close())
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 200)); // the DELETE is sent with keepalive
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}
