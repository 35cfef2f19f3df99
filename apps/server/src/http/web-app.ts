import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

const API_PREFIXES = ['/api/', '/ws/', '/ipfs/', '/media/'];

/**
 * Serves the built SPA: hashed assets with a year-long cache, compressed as the browser accepts,
 * index.html for every other GET that is not an API path (client-side routing), JSON 404s for the API.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true, // the build writes .br and .gz beside each file (apps/web/precompress.ts)
      cacheControl: false, // send's own `max-age=0` would override the headers set here
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        res.setHeader('vary', 'Accept-Encoding'); // a shared cache keeps the Brotli, gzip and plain copies apart
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app is not built: run `npm run build` (npm start does it)');
  }

  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(notFound(`No route ${req.method} ${req.url.split('?')[0]}`).toBody());
    }
    if (!hasBuild)
      return reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
