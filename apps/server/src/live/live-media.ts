import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { notFound, serviceUnavailable } from '../http/errors.ts';
import { liveDir } from './ingest-session.ts';

/** marks a request one server process makes of another: it is answered from local files only */
const RELAYED = 'x-live-relay';
const RELAY_TIMEOUT_MS = 5_000;
/** what a stream id looks like in a path (the live routes and sockets share it) */
export const STREAM_ID = '[A-Za-z0-9]{6,32}';
const STREAM_ID_ONLY = new RegExp(`^${STREAM_ID}$`);
const FILE = /^(index\.m3u8|seg-\d{6}\.ts)$/;
export const LIVE_MEDIA_UNREACHABLE = 'This live stream cannot be reached right now. Please try again in a moment.';

/** a relayed playlist is reused this long (its segments last 1 s); a segment never changes */
const PLAYLIST_REUSE_MS = 250;
const SEGMENT_REUSE_MS = 60_000;
const RELAYED_KEPT = 64;
/**
 * A 1 s segment of the ingest's ladder is well under 2 MB; anything far larger means a broken or
 * hostile peer, and must not be held in memory. The cache as a whole keeps at most this many bytes.
 */
export const RELAYED_FILE_MAX_BYTES = 16 * 1024 * 1024;
export const RELAYED_CACHE_MAX_BYTES = 96 * 1024 * 1024;

/**
 * What this process relayed lately, so many viewers cost the serving process one request per file:
 * concurrent asks share one fetch, and the answer is reused for a while. Misses and failures are not kept.
 */
export class RelayCache {
  private readonly entries = new Map<string, { at: number; body: Promise<Buffer | null>; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = RELAYED_CACHE_MAX_BYTES) {}

  get(key: string, reuseMs: number, load: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < reuseMs) return kept.body;
    const body = load();
    this.drop(key);
    const entry = { at: now, body, bytes: 0 };
    this.entries.set(key, entry);
    const forget = () => this.entries.get(key) === entry && this.drop(key);
    body.then((found) => {
      if (!found) return forget();
      if (this.entries.get(key) !== entry) return;
      entry.bytes = found.length;
      this.bytes += found.length;
      this.evict();
    }, forget);
    this.evict();
    return body;
  }

  /** bytes held by the answers kept now */
  get size(): number {
    return this.bytes;
  }

  private evict(): void {
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= RELAYED_KEPT && this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}

/** The body of a relayed answer, refused (null) once it passes `max` bytes, declared or sent. */
export async function readCapped(res: Response, max: number): Promise<Buffer | null> {
  if (Number(res.headers.get('content-length') ?? 0) > max) {
    await res.body?.cancel();
    return null;
  }
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of res.body ?? []) {
    total += chunk.byteLength;
    if (total > max) return null; // leaving the loop cancels the body, so the connection is let go
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts, total);
}

function sendMedia(reply: FastifyReply, file: string, size: number, body: fs.ReadStream | Buffer): FastifyReply {
  const playlist = file.endsWith('.m3u8');
  return reply
    .type(playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
    .header('cache-control', playlist ? 'no-cache' : 'public, max-age=3600')
    .header('content-length', size)
    .send(body);
}

/**
 * Live playlists and segments (`/media/live/{id}/…`). The process receiving a stream's video writes
 * them and names itself on the live bus; any other process relays from that one, so a load
 * balancer may send viewers to any process.
 */
export function registerLiveMedia(app: FastifyInstance, log: Logger): void {
  const { ctx } = app;
  const relayed = new RelayCache();

  /** the file from the process that serves the stream; null when no process has it */
  async function relay(streamId: string, file: string): Promise<Buffer | null> {
    const host = await ctx.live.bus.mediaHost(streamId);
    if (!host || host === ctx.live.internalUrl()) return null;
    let res: Response;
    try {
      res = await fetch(`${host}/media/live/${streamId}/${file}`, {
        headers: { [RELAYED]: '1' },
        signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
      });
    } catch (err) {
      log.warn({ err, stream: streamId, host }, 'live media host did not answer');
      throw serviceUnavailable(LIVE_MEDIA_UNREACHABLE);
    }
    if (res.ok) {
      const body = await readCapped(res, RELAYED_FILE_MAX_BYTES);
      if (body) return body;
      log.warn({ stream: streamId, host, file }, 'live media host sent a file over the relay limit');
      throw serviceUnavailable(LIVE_MEDIA_UNREACHABLE);
    }
    await res.body?.cancel(); // the connection goes back to the pool
    if (res.status === 404) return null;
    throw serviceUnavailable(LIVE_MEDIA_UNREACHABLE);
  }

  app.get('/media/live/:streamId/:file', { schema: { hide: true } }, async (req, reply) => {
    const { streamId, file } = req.params as { streamId: string; file: string };
    if (!STREAM_ID_ONLY.test(streamId) || !FILE.test(file)) throw notFound('Media not found');
    const full = path.join(liveDir(ctx, streamId), file);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (stat) return sendMedia(reply, file, stat.size, fs.createReadStream(full));
    if (req.headers[RELAYED] !== undefined) throw notFound('Media not found');
    const reuseMs = file.endsWith('.m3u8') ? PLAYLIST_REUSE_MS : SEGMENT_REUSE_MS;
    const body = await relayed.get(`${streamId}/${file}`, reuseMs, () => relay(streamId, file));
    if (!body) throw notFound('Media not found');
    return sendMedia(reply, file, body.length, body);
  });
}
