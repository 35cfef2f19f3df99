import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cidOf } from '@app/media';
import { hasNginx, startNginx } from '../../../apps/e2e/support/nginx.ts';
import { freePort } from '../../../apps/e2e/support/server.ts';
import { inTurns } from '../lib/ceiling.ts';
import { measureDownloads } from '../lib/download-load.ts';
import { loadFigures } from '../lib/load.ts';
import { withBenchServer } from '../lib/server.ts';
import type { Figure, Scenario } from './scenario.ts';

/** As many viewers as the issue asks for, each fetching the next piece as soon as the last one came. */
const CLIENTS = 200;
const SEGMENT_BYTES = 512 * 1024; // a 2 s segment of the 720p rendition is about this size
const BLOB_BYTES = 8 * 1024 * 1024;
const RANGE = { start: 1024 * 1024, end: 2 * 1024 * 1024 - 1 }; // a player seeking into an original

/** Writes a segment and an original straight into a data folder's blob store, as processing would. */
function mediaFolder(): { dataDir: string; segment: string; cid: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarang-bench-media-'));
  const segment = 'hls/bench/720p/seg_00001.ts';
  const blob = randomBytes(BLOB_BYTES);
  const cid = cidOf(blob);
  for (const [key, bytes] of [
    [segment, randomBytes(SEGMENT_BYTES)],
    [`ipfs/${cid}`, blob],
  ] as const) {
    const file = path.join(dataDir, 'blobs', ...key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
  return { dataDir, segment, cid };
}

/** nginx serving the same folder at the same paths, the way a deployment could put it in front. */
const nginxSite = (port: number, blobs: string) => `
server {
  listen 127.0.0.1:${port};
  sendfile on;
  tcp_nopush on;
  location = /ready { return 200; }
  location /ipfs/ { alias ${blobs}/ipfs/; }
  location /media/hls/ { alias ${blobs}/hls/; }
}`;

/** HLS segments and original ranges, from Tarang and from nginx, in turns so both see the same machine. */
export const mediaScenario: Scenario = {
  name: 'media',
  description: `HLS segments and /ipfs ranges to ${CLIENTS} clients, against nginx serving the same files`,
  async run() {
    if (!hasNginx()) {
      console.log('  nginx is not installed (apt-get install nginx): the media scenario needs it as its ceiling');
      return [];
    }
    const { dataDir, segment, cid } = mediaFolder();
    const port = await freePort();
    const nginx = await startNginx(nginxSite(port, path.join(dataDir, 'blobs')), `http://127.0.0.1:${port}/ready`);
    try {
      return await withBenchServer(
        async (server) => {
          const reads: Array<{ metric: string; path: string; headers: Record<string, string>; bytes: number }> = [
            {
              metric: `GET /media/hls/… segment (${SEGMENT_BYTES / 1024} KiB, ${CLIENTS} clients)`,
              path: `/media/hls/${segment.slice('hls/'.length)}`,
              headers: {},
              bytes: SEGMENT_BYTES,
            },
            {
              metric: `GET /ipfs/{cid}, Range of 1 MiB (${CLIENTS} clients)`,
              path: `/ipfs/${cid}`,
              headers: { range: `bytes=${RANGE.start}-${RANGE.end}` },
              bytes: RANGE.end - RANGE.start + 1,
            },
          ];
          const figures: Figure[] = [];
          for (const read of reads) {
            for (const base of [server.url, `http://127.0.0.1:${port}`]) {
              const res = await fetch(base + read.path, { headers: read.headers });
              const length = (await res.arrayBuffer()).byteLength;
              if (!res.ok || length !== read.bytes)
                throw new Error(`${read.metric}: ${base} answered ${res.status} with ${length} bytes`);
            }
            console.log(`  … ${read.metric}`);
            const nginxUrl = `http://127.0.0.1:${port}${read.path}`;
            const { result, ceiling } = await inTurns(
              (seconds) => measureDownloads(server.url + read.path, read.headers, seconds, CLIENTS),
              (seconds) => measureDownloads(nginxUrl, read.headers, seconds, CLIENTS),
            );
            figures.push(
              ...loadFigures(
                result,
                { ...ceiling, what: 'nginx (1 worker, sendfile) serving the same files' },
                { minRatio: 0.5, metric: read.metric },
              ),
            );
          }
          return figures;
        },
        { env: { DATA_DIR: dataDir } },
      );
    } finally {
      await nginx.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
