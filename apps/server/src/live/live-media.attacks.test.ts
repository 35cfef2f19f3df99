import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LIVE_MEDIA_UNREACHABLE, RELAYED_FILE_MAX_BYTES, RelayCache, readCapped } from './live-media.ts';

/** A peer that answers every request with `size` bytes, declaring the length or streaming it chunked. */
async function oversizedPeer(size: number, declareLength: boolean) {
  const sent = { bytes: 0, closed: 0 };
  const server = http.createServer((req, res) => {
    res.on('close', () => sent.closed++);
    res.writeHead(200, declareLength ? { 'content-length': size } : {});
    const chunk = Buffer.alloc(64 * 1024, 7);
    const pump = () => {
      while (sent.bytes < size && !res.destroyed) {
        sent.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  return { url, sent, close };
}

describe('a relayed answer larger than any segment', () => {
  it('is refused as soon as it is declared too large, without reading it', async () => {
    const peer = await oversizedPeer(4 * 1024 * 1024, true);
    try {
      expect(await readCapped(await fetch(peer.url), 1024 * 1024)).toBeNull();
      await expect.poll(() => peer.sent.closed).toBe(1);
    } finally {
      await peer.close();
    }
  });

  it('is cut off once the streamed bytes pass the limit, and the connection is let go', async () => {
    const peer = await oversizedPeer(64 * 1024 * 1024, false);
    try {
      expect(await readCapped(await fetch(peer.url), 1024 * 1024)).toBeNull();
      await expect.poll(() => peer.sent.closed).toBe(1);
      expect(peer.sent.bytes).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await peer.close();
    }
  });

  it('is read whole when it is within the limit', async () => {
    const peer = await oversizedPeer(128 * 1024, false);
    try {
      expect((await readCapped(await fetch(peer.url), 1024 * 1024))?.length).toBe(128 * 1024);
    } finally {
      await peer.close();
    }
  });
});

describe('the relay cache under a flood of large files', () => {
  it('holds no more than its byte budget, dropping the oldest answers first', async () => {
    const cache = new RelayCache(1000);
    const load = vi.fn(async () => Buffer.alloc(400));
    for (let i = 0; i < 5; i++) await cache.get(`s/seg-${i}.ts`, 60_000, load);
    await vi.waitFor(() => expect(cache.size).toBeLessThanOrEqual(1000));
    await cache.get('s/seg-4.ts', 60_000, load); // the newest is still there
    expect(load).toHaveBeenCalledTimes(5);
    await cache.get('s/seg-0.ts', 60_000, load); // the oldest made room
    expect(load).toHaveBeenCalledTimes(6);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'a process named as a stream’s media host that sends too much',
  () => {
    let t: TestApp;
    let base = '';
    beforeAll(async () => {
      t = await createTestApp('postgres');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => t?.close());

    it('answers 503 instead of holding a huge body in memory', async () => {
      const peer = await oversizedPeer(RELAYED_FILE_MAX_BYTES + 1024 * 1024, false);
      try {
        await t.ctx.live.bus.setMediaHost('hugepeer1', peer.url);
        const res = await fetch(`${base}/media/live/hugepeer1/seg-000001.ts`);
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ detail: LIVE_MEDIA_UNREACHABLE, code: 'service_unavailable' });
      } finally {
        await t.ctx.live.bus.setMediaHost('hugepeer1', null);
        await peer.close();
      }
    });
  },
);
