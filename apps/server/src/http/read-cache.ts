import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { READ_CACHE_CHANNEL, type LiveBus } from '../live/live-bus.ts';

/** What a cached answer lists: a write to one of these drops the cached answers of that kind. */
export type CacheTopic = 'videos' | 'streams' | 'clips';
export const ALL_TOPICS: CacheTopic[] = ['videos', 'streams', 'clips'];
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
const signedIn = (req: FastifyRequest) => req.headers.authorization !== undefined;
/** A kept answer may stand for this request's. */
const mayHit = (req: FastifyRequest) => !signedIn(req) || req.routeOptions.config.readCacheSignedIn !== undefined;
/** This request's answer may be kept for everyone. */
const mayKeep = (req: FastifyRequest) => !signedIn(req) || req.routeOptions.config.readCacheSignedIn === 'everyone';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** an anonymous GET of this route is the same for everyone: keep it in the read cache under this topic */
    readCache?: CacheTopic;
    /**
     * Whether signed-in GETs use the read cache too, instead of costing each reader a query:
     * - `everyone`: the answer never depends on who asks (a feed, the live directory), so signed-in
     *   readers are served kept answers and their answers are kept;
     * - `hits`: a kept answer (which is public) is the same for every reader, but a signed-in miss may
     *   be the reader's own (an owner sees their video still processing), so it is never kept.
     * Without it, a signed-in answer may show what is the reader's own (their like) and skips the cache.
     */
    readCacheSignedIn?: 'everyone' | 'hits';
    /** a successful call of this (non-GET) route changes nothing the read cache holds, so it keeps it */
    keepsReadCache?: boolean;
  }
}

const PUBLIC_READ_HEADERS = { 'cache-control': 'public, no-cache', vary: 'authorization' };
const PRIVATE_READ_HEADERS = { 'cache-control': 'private, no-cache', vary: 'authorization' };
const HIT_HEADERS = { ...PUBLIC_READ_HEADERS, 'content-type': 'application/json; charset=utf-8' };

interface Entry {
  /** the answer as it goes out: encoded once when kept, not at every hit */
  body: Buffer;
  etag: string;
  /** every header a hit sends, set in one call */
  headers: Readonly<Record<string, string>>;
  storedAt: number;
}

/** How old an answer may be and still stand in for one the database cannot give (see `stale`). */
export const STALE_IF_ERROR_MS = 10 * 60_000;

/** Per topic; a stranger varying the query string cannot grow the cache past this. */
export const READ_CACHE_MAX_ENTRIES = 500;

/**
 * Anonymous answers of the public lists and pages, kept in memory by URL for a short time so the
 * most requested reads cost no query at all. Every successful API write drops them (unless its route
 * says it changes none of them), and so does background work that changes what they list (a video
 * becoming ready, a stream going live), here and, through `onInvalidate` (the live bus), in every
 * other server process.
 */
export class ReadCache {
  private readonly topics = new Map<CacheTopic, Map<string, Entry>>();

  /**
   * `ttlMs`: how long an answer is served from memory at most, so that a change no one announced
   * (another program writing to the database) shows within this time; 0 keeps nothing.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly onInvalidate: (topics: CacheTopic[]) => void = () => {},
  ) {}

  get(topic: CacheTopic, url: string): Entry | undefined {
    const entry = this.topics.get(topic)?.get(url);
    return entry && this.now() - entry.storedAt < this.ttlMs ? entry : undefined;
  }

  /**
   * The last answer kept for the URL, even past its time, for when the database does not answer: a
   * visitor then sees a slightly old page instead of an error. Nothing older than STALE_IF_ERROR_MS.
   */
  stale(topic: CacheTopic, url: string): Entry | undefined {
    const entries = this.topics.get(topic);
    const entry = entries?.get(url);
    if (entry && this.now() - entry.storedAt < STALE_IF_ERROR_MS) return entry;
    if (entry) entries!.delete(url);
    return undefined;
  }

  /** Keeps the answer (unless the cache keeps nothing) and gives its ETag. */
  set(topic: CacheTopic, url: string, body: string): Pick<Entry, 'etag'> {
    const etag = etagOf(body);
    // with nothing kept, the answer's bytes and headers are not built for nothing
    if (this.ttlMs === 0) return { etag };
    const entry = { body: Buffer.from(body), etag, headers: { ...HIT_HEADERS, etag }, storedAt: this.now() };
    let entries = this.topics.get(topic);
    if (!entries) this.topics.set(topic, (entries = new Map()));
    entries.delete(url);
    entries.set(url, entry);
    if (entries.size > READ_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return entry;
  }

  /** Drops the topics here and tells the other processes. */
  invalidate(topics: CacheTopic[]): void {
    this.drop(topics);
    this.onInvalidate(topics);
  }

  /** Drops the topics here only (what another process's invalidation does). */
  drop(topics: CacheTopic[]): void {
    for (const topic of topics) this.topics.delete(topic);
  }
}

/** For an anonymous GET of a cached route whose handler failed: the last answer kept, if any. */
export function staleAnswer(req: FastifyRequest): Buffer | undefined {
  const topic = req.routeOptions.config.readCache;
  if (!topic || req.method !== 'GET' || !mayHit(req)) return undefined;
  return req.server.ctx.readCache.stale(topic, req.url)?.body;
}

/** A read cache whose invalidations reach every server process sharing the live bus. */
export async function createSharedReadCache(ttlMs: number, bus: LiveBus, log: Logger): Promise<ReadCache> {
  const cache = new ReadCache(ttlMs, Date.now, (topics) => {
    bus.publish(READ_CACHE_CHANNEL, { type: 'read_cache_invalidate', topics }).catch((err: unknown) => {
      log.warn({ err }, 'could not tell the other server processes to drop their read cache');
    });
  });
  await bus.subscribe(READ_CACHE_CHANNEL, (event) => {
    if (event.type === 'read_cache_invalidate') cache.drop(event.topics);
  });
  return cache;
}

export const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * For a plugin whose writes never change what a public read shows (signing in, tickets, advertiser
 * accounts): its routes keep the read cache instead of dropping it for every process at each write.
 */
export function keepReadCacheOnWrites(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => void (route.config = { ...route.config, keepsReadCache: true }));
}

/**
 * Public reads get `Cache-Control: public, no-cache` and an ETag, so browsers and proxies keep them and
 * ask again with If-None-Match (answered 304); anonymous ones come from the read cache when fresh.
 * The web client keeps its own copies for the spec's 5 (feed) and 10 (video) minutes.
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  // Before validation: an answer is kept only for a URL that passed it and was answered 200, so a hit
  // skips parsing the query again (the rate limit, an onRequest hook, has counted the request already).
  app.addHook('preValidation', (req, reply, done) => {
    const topic = req.routeOptions.config.readCache;
    if (!topic || req.method !== 'GET' || !mayHit(req)) return done();
    const hit = cache.get(topic, req.url);
    if (!hit) return done();
    reply.headers(hit.headers);
    if (req.headers['if-none-match'] === hit.etag) return void reply.code(304).send();
    void reply.send(hit.body);
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    // Any successful write may change a count or a name the cached answers show: drop them before the
    // answer leaves, so the caller's next read already misses the cache.
    if (isWrite(req.method) && reply.statusCode < 400 && !req.routeOptions.config.keepsReadCache)
      cache.invalidate(ALL_TOPICS);
    const topic = req.routeOptions.config.readCache;
    if (
      !topic ||
      req.method !== 'GET' ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      reply.hasHeader('etag')
    )
      return done(null, payload);
    const keep = mayKeep(req);
    reply.headers(keep ? PUBLIC_READ_HEADERS : PRIVATE_READ_HEADERS);
    const etag = keep ? cache.set(topic, req.url, payload).etag : etagOf(payload);
    reply.header('etag', etag);
    if (req.headers['if-none-match'] === etag) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });
}
