import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { run } from '@app/media';
import { startServer } from '../../../apps/e2e/support/server.ts';
import { BOUNDARY, multipartHead, multipartTail as tail } from '../../../apps/server/src/testing/upload-form.ts';
import { closeOnExit } from '../lib/cleanup.ts';
import { flushDirtyPages } from '../lib/disk.ts';
import { serverNodeArgs } from '../lib/server.ts';
import { signUp } from '../lib/seed.ts';
import type { Figure, Scenario } from './scenario.ts';

const TARGET_MB = 200;
const PARALLEL = 5;
const RSS_TARGET_MB = 250;
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A real ~200 MB video (MJPEG in Matroska), made once and reused between runs. */
async function bigVideo(): Promise<string> {
  const file = path.join(os.tmpdir(), 'tarang-bench-200mb.mkv');
  if (fs.existsSync(file) && fs.statSync(file).size > (TARGET_MB - 20) * 1e6) return file;
  await run('ffmpeg', [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=25,trim=duration=150',
    '-c:v',
    'mjpeg',
    '-q:v',
    '2',
    '-fs',
    String(TARGET_MB * 1024 * 1024),
    file,
  ]);
  return file;
}

function upload(url: string, token: string, file: string): Promise<number> {
  const head = multipartHead({ title: 'Bench upload' }, 'bench.mkv', 'video/x-matroska');
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/videos/upload`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': head.length + fs.statSync(file).size + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 201 ? resolve(res.statusCode) : reject(new Error(`upload answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

/** The ceiling: one pass over the file that reads it, hashes it (SHA-256) and writes it to a new file. */
async function readHashWriteSeconds(file: string): Promise<number> {
  const copy = path.join(os.tmpdir(), `tarang-bench-copy-${process.pid}`);
  const started = performance.now();
  const hash = createHash('sha256');
  const out = fs.createWriteStream(copy, { highWaterMark: 1024 * 1024 });
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), hashing, out);
  hash.digest();
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(copy, { force: true });
  return seconds;
}

const rssMb = (pid: number): number => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D/g, '') ?? 0) / 1024;
};

/** Upload throughput against hashing the same bytes, and the server's memory under parallel uploads. */
export const uploadScenario: Scenario = {
  name: 'upload',
  description: `${TARGET_MB} MB video uploads over loopback (server in its own process, transcoding off)`,
  async run(): Promise<Figure[]> {
    const file = await bigVideo();
    const mb = fs.statSync(file).size / 1e6;
    const server = await startServer(
      { JOBS_WORKER: 'false', LOG_LEVEL: 'error', NODE_ENV: 'production' },
      { nodeArgs: serverNodeArgs() },
    );
    const stop = closeOnExit(() => server.stop());
    try {
      const { token } = await signUp(server.url, 'bench-upload@example.com');

      // One upload first, as a running server has had: the first one also pays for compiling the upload path.
      await upload(server.url, token, file);
      // Then upload and ceiling in turns (this VM's speed drifts), the median of each.
      const uploads: number[] = [];
      const ceilings: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        flushDirtyPages();
        const started = performance.now();
        await upload(server.url, token, file);
        uploads.push((performance.now() - started) / 1000);
        flushDirtyPages();
        ceilings.push(await readHashWriteSeconds(file));
      }
      const uploadSeconds = median(uploads);
      const ceilingSeconds = median(ceilings);

      let peak = rssMb(server.pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 25);
      const parallelStart = performance.now();
      try {
        await Promise.all(Array.from({ length: PARALLEL }, () => upload(server.url, token, file)));
      } finally {
        clearInterval(sampler);
      }
      const parallelSeconds = (performance.now() - parallelStart) / 1000;

      return [
        {
          metric: 'MB/s, one upload',
          value: mb / uploadSeconds,
          unit: 'MB/s',
          ceiling: {
            value: mb / ceilingSeconds,
            what: 'one pass of read + SHA-256 + write of the same file',
            minRatio: 0.6,
          },
          note: `${mb.toFixed(0)} MB, stream + CID + probe + store; median of ${ROUNDS}, after one warm-up upload`,
        },
        { metric: `MB/s, ${PARALLEL} uploads at once`, value: (mb * PARALLEL) / parallelSeconds, unit: 'MB/s total' },
        {
          metric: `peak RSS, ${PARALLEL}× upload`,
          value: peak,
          unit: 'MB',
          target: { max: RSS_TARGET_MB, what: 'server process' },
        },
      ];
    } finally {
      await stop();
    }
  },
};
