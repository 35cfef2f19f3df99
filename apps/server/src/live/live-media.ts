import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { notFound, serviceUnavailable } from '../http/errors.ts';
import { liveDir } from './ingest-session.ts';

/** marks a request one server process makes of another: it is answered from local files only */
const RELAYED = 'x-live-relay';
const RELAY_TIMEOUT_MS = 5_000;
const STREAM_ID = /^[A-Za-z0-9]{6,32}$/;
const FILE = /^(index\.m3u8|seg-\d{6}\.ts)$/;
export const LIVE_MEDIA_UNREACHABLE = 'This live stream cannot be reached right now. Please try again in a moment.';

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

  /** the file from the process that serves the stream; null when no process has it */
  async function relay(streamId: string, file: string): Promise<Buffer | null> {
    const host = await ctx.live.bus.mediaHost(streamId);
    if (!host || host === ctx.live.internalUrl()) return null;
    let res: Response;
    try {
      res = await fetch(`${host}/media/live/${streamId}/${file}`, { headers: { [RELAYED]: '1' }, signal: AbortSignal.timeout(RELAY_TIMEOUT_MS) });
    } catch (err) {
      log.warn({ err, stream: streamId, host }, 'live media host did not answer');
      throw serviceUnavailable(LIVE_MEDIA_UNREACHABLE);
    }
    if (res.status === 404) return null;
    if (!res.ok) throw serviceUnavailable(LIVE_MEDIA_UNREACHABLE);
    return Buffer.from(await res.arrayBuffer());
  }

  app.get('/media/live/:streamId/:file', { schema: { hide: true } }, async (req, reply) => {
    const { streamId, file } = req.params as { streamId: string; file: string };
    if (!STREAM_ID.test(streamId) || !FILE.test(file)) throw notFound('Media not found');
    const full = path.join(liveDir(ctx, streamId), file);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (stat) return sendMedia(reply, file, stat.size, fs.createReadStream(full));
    const relayed = req.headers[RELAYED] === undefined ? await relay(streamId, file) : null;
    if (!relayed) throw notFound('Media not found');
    return sendMedia(reply, file, relayed.length, relayed);
  });
}
