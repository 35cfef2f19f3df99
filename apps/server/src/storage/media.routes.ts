import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.ts';
import type { BlobStore } from './blob-store.ts';
import { cidKey } from './blob-store.ts';
import { contentTypeForPath, sniffContentType } from './content-type.ts';
import { parseRange } from './range.ts';

const CID = /^b[a-z2-7]{20,120}$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The type is asked for only once the blob is known to exist (sniffing reads its first bytes). */
async function streamBlob(
  store: BlobStore,
  key: string,
  contentType: () => string | Promise<string>,
  cacheControl: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const size = await store.size(key);
  if (size === undefined) throw notFound('Media not found');
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl)
    .type(await contentType());
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', size);
  }
  if (req.method === 'HEAD') return reply.send();
  return reply.send(await store.read(key, range));
}

/**
 * Media with HTTP Range support: `/ipfs/<cid>` serves a content-addressed blob (it never changes,
 * so it is cached for a year), `/media/hls/…` serves transcoded renditions.
 */
export function mediaRoutes(store: BlobStore): FastifyPluginAsync {
  const types = new Map<string, string>();
  const typeOf = async (key: string) => {
    let type = types.get(key);
    if (!type) {
      const head = await store.read(key, { start: 0, end: 15 });
      const chunks: Buffer[] = [];
      for await (const chunk of head) chunks.push(chunk as Buffer);
      type = sniffContentType(Buffer.concat(chunks));
      if (types.size > 10_000) types.clear();
      types.set(key, type);
    }
    return type;
  };

  return async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/ipfs/:cid',
      schema: { hide: true },
      handler: async (req, reply) => {
        const { cid } = req.params as { cid: string };
        if (!CID.test(cid)) throw notFound('Media not found');
        const key = cidKey(cid);
        return streamBlob(store, key, () => typeOf(key), IMMUTABLE, req, reply);
      },
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/media/hls/*',
      schema: { hide: true },
      handler: async (req, reply) => {
        const rest = (req.params as { '*': string })['*'];
        const key = `hls/${rest}`;
        if (!/^hls\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/.test(key) || key.includes('..'))
          throw notFound('Media not found');
        const cache = key.endsWith('.m3u8') ? 'public, max-age=60' : IMMUTABLE;
        return streamBlob(store, key, () => contentTypeForPath(key), cache, req, reply);
      },
    });
  };
}
