import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_VIDEOS } from '../../../apps/server/src/modules/demo/demo-content.ts';
import { withBenchServer } from '../lib/server.ts';
import type { Figure, Scenario } from './scenario.ts';

/** Debian's Chromium unless CHROME_PATH names another. */
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-background-networking'];
/** where the full report is written, to see what the figures come from */
const REPORT = path.resolve(import.meta.dirname, '../../../test-artifacts/lighthouse-home.html');
/** the demo videos are made and transcoded by ffmpeg when the server starts: give a slow machine time */
const DEMO_READY_MS = 180_000;

interface Feed {
  videos: { status: string; thumbnail_url: string | null }[];
}

/** Waits until the home feed lists every demo video, transcoded and with its thumbnail, as a visitor would see it. */
async function waitForDemoFeed(url: string): Promise<void> {
  const deadline = Date.now() + DEMO_READY_MS;
  for (;;) {
    const { videos } = (await (await fetch(`${url}/api/videos?limit=12`)).json()) as Feed;
    const ready = videos.filter((v) => v.status === 'ready' && v.thumbnail_url);
    if (ready.length >= DEMO_VIDEOS.length) return;
    if (Date.now() > deadline)
      throw new Error(`only ${ready.length} of ${DEMO_VIDEOS.length} demo videos were ready after ${DEMO_READY_MS} ms`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const ms = (n: number | undefined) => Math.round(n ?? NaN);

/**
 * Lighthouse's mobile audit of the home page (its default: a mid-range phone on slow 4G, simulated),
 * in Chromium, against the production build with the demo videos a fresh install shows.
 */
export const lighthouseScenario: Scenario = {
  name: 'lighthouse',
  description: 'Lighthouse mobile performance of / (simulated slow 4G, demo videos)',
  async run() {
    return withBenchServer(
      async (server) => {
        await waitForDemoFeed(server.url);
        const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
        try {
          const result = await lighthouse(`${server.url}/`, {
            port: chrome.port,
            output: 'html',
            logLevel: 'error',
            onlyCategories: ['performance'],
            formFactor: 'mobile',
            throttlingMethod: 'simulate',
          });
          if (!result) throw new Error('Lighthouse returned no result');
          const { lhr } = result;
          fs.mkdirSync(path.dirname(REPORT), { recursive: true });
          fs.writeFileSync(REPORT, String(result.report));
          fs.writeFileSync(REPORT.replace(/\.html$/, '.json'), JSON.stringify(lhr));
          if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          const audit = (id: string) => lhr.audits[id]?.numericValue;
          const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
          const browser = /Chrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? 'Chromium';
          const lcpElement = lhr.audits['largest-contentful-paint-element']?.details;
          const figures: Figure[] = [
            {
              metric: 'performance score (mobile)',
              value: score,
              unit: '/ 100',
              target: { min: 95, what: 'Lighthouse mobile, simulated throttling (#17)' },
              note: `Lighthouse ${lhr.lighthouseVersion}, ${browser}; report: ${path.relative(process.cwd(), REPORT)}`,
            },
            { metric: 'First Contentful Paint', value: ms(audit('first-contentful-paint')), unit: 'ms' },
            {
              metric: 'Largest Contentful Paint',
              value: ms(audit('largest-contentful-paint')),
              unit: 'ms',
              note: lcpElement ? undefined : 'no LCP element found',
            },
            { metric: 'Total Blocking Time', value: ms(audit('total-blocking-time')), unit: 'ms' },
            {
              metric: 'Cumulative Layout Shift',
              value: Math.round((audit('cumulative-layout-shift') ?? NaN) * 1000) / 1000,
              unit: '',
            },
          ];
          return figures;
        } finally {
          chrome.kill();
        }
      },
      { env: { SEED_DEMO: 'true' } },
    );
  },
};
