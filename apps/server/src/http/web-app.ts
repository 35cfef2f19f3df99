import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';
import { type FirstFeed, HomePage } from './home-page.ts';

const API_PREFIXES = ['/api/', '/ws/', '/ipfs/', '/media/'];

export interface WebAppOptions {
  /**
   * The home feed's first page as an anonymous visitor sees it, written into the home page's HTML so
   * its cards and first picture need no request of their own (see home-page.ts). Without it, or
   * when it fails, the home page is the plain index.html.
   */
  firstFeed?: FirstFeed;
}

/**
 * Serves the built SPA: hashed assets with a year-long cache, compressed as the browser accepts,
 * index.html for every other GET that is not an API path (client-side routing), JSON 404s for the API.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  options: WebAppOptions = {},
): Promise<void> {
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

  const home =
    hasBuild && options.firstFeed ? new HomePage(fs.readFileSync(indexFile, 'utf8'), options.firstFeed) : undefined;
  const sendHome = async (page: HomePage, req: FastifyRequest, reply: FastifyReply) => {
    const rendered = await page.render(req.headers['accept-encoding']).catch((err: unknown) => {
      req.log.warn({ err }, 'home page served without its first feed page');
      return undefined;
    });
    reply.header('cache-control', 'no-cache');
    if (!rendered) return reply.sendFile('index.html');
    if (rendered.encoding) reply.header('content-encoding', rendered.encoding);
    return reply.header('vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(rendered.body);
  };

  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(notFound(`No route ${req.method} ${req.url.split('?')[0]}`).toBody());
    }
    if (!hasBuild)
      return reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build`.');
    // the home page exactly: with a query (a category, a referral) it shows another feed or does more
    if (home && req.url === '/') return sendHome(home, req, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
