import http from 'node:http';
import zlib from 'node:zlib';
import { withBenchServer } from '../lib/server.ts';
import type { Scenario } from './scenario.ts';

interface Transfer {
  /** bytes on the wire */
  sent: number;
  text: string;
}

/** GET as a browser asks for it (Brotli or gzip), counting the bytes that cross the wire. */
function download(url: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: HTTP ${res.statusCode}`));
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain =
            encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
          resolve({ sent: body.length, text: plain.toString() });
        });
      })
      .on('error', reject);
  });
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * What a first visit to the home page downloads before it can show anything: the page, its
 * stylesheets and scripts (the entry and everything it preloads), and the texts of the default
 * language (Hindi) that load before the first render: the first screen's part, which the page
 * preloads. The rest of the texts load after the first screen is up, and are not counted.
 */
export const firstLoadScenario: Scenario = {
  name: 'firstload',
  description: 'bytes a first visit to / transfers before the home page renders (Hindi, the default language)',
  async run() {
    return withBenchServer(async (server) => {
      const page = await download(`${server.url}/`);
      const assets = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
      if (!assets.some((a) => a.endsWith('.js'))) throw new Error('the web app is not built: run `npm run build`');
      const files = await Promise.all(assets.map((a) => download(`${server.url}${a}`)));
      // The texts initI18n awaits: preloaded by the page, else fetched by the entry (counted either way).
      const firstTexts = files.map((f) => /["'`]\.\/(texts-hi-start-[\w-]+\.js)["'`]/.exec(f.text)?.[1]).find(Boolean);
      if (!firstTexts) throw new Error("no chunk of Hindi's first-screen texts is imported by the entry scripts");
      if (!assets.includes(`/assets/${firstTexts}`)) files.push(await download(`${server.url}/assets/${firstTexts}`));
      const sent = page.sent + files.reduce((sum, f) => sum + f.sent, 0);
      const script = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
      return [
        {
          metric: `first load, transferred (${files.length + 1} files)`,
          value: kb(sent),
          unit: 'KB',
          target: { max: 150, what: 'before the first card shows (#17)' },
        },
        { metric: 'first load, uncompressed', value: kb(script), unit: 'KB', note: 'what the browser parses' },
      ];
    });
  },
};
