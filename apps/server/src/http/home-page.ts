import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { HOME_FEED_DATA_ID, thumbnailPreload, type ThumbnailPreload, type VideoList } from '@app/shared';

/** The home feed's first page as an anonymous visitor sees it (already shaped by VideoListSchema). */
export type FirstFeed = () => Promise<VideoList>;

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli where the browser takes it, else gzip, else none (the order every browser prefers). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * JSON that may stand inside a `<script type="application/json">`: no `<` is left, so no title or
 * description can close the element or open a comment; JSON.parse gives back the same text.
 */
export const jsonInScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const preloadTag = (preload: ThumbnailPreload): string =>
  '<link rel="preload" as="image" fetchpriority="high"' +
  Object.entries(preload)
    .map(([name, value]) => ` ${name}="${attribute(value as string)}"`)
    .join('') +
  '>';

/**
 * The home page as it leaves the server: index.html with the feed's first page in a JSON data block
 * (the app starts from it instead of asking) and a preload of the first card's picture, the page's
 * largest paint, which the browser then fetches while the app's script is still on its way.
 */
export function withFirstFeed(indexHtml: string, feed: VideoList): string {
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd < 0) return indexHtml;
  // the preload right after the title, ahead of the app's script and styles in the browser's queue
  const titleEnd = indexHtml.indexOf('</title>');
  const preloadAt = titleEnd >= 0 && titleEnd < headEnd ? titleEnd + '</title>'.length : headEnd;
  const first = feed.videos[0];
  const preload = first?.thumbnail_url ? preloadTag(thumbnailPreload(first.thumbnail_url, first.thumbnail_sizes)) : '';
  const data = `<script type="application/json" id="${HOME_FEED_DATA_ID}">${jsonInScript(feed)}</script>`;
  return (
    indexHtml.slice(0, preloadAt) + preload + indexHtml.slice(preloadAt, headEnd) + data + indexHtml.slice(headEnd)
  );
}

/**
 * The home page, rendered for each visit from the current first page and compressed as the browser
 * accepts; the last rendering's compressed copies are kept, so visits between two changes of the
 * feed compress nothing.
 */
export class HomePage {
  #last: { html: string; encoded: Map<Encoding, Buffer> } | undefined;

  constructor(
    private readonly indexHtml: string,
    private readonly firstFeed: FirstFeed,
  ) {}

  async render(acceptEncoding: string | undefined): Promise<{ body: Buffer | string; encoding?: Encoding }> {
    const html = withFirstFeed(this.indexHtml, await this.firstFeed());
    const encoding = pickEncoding(acceptEncoding);
    if (!encoding) return { body: html };
    if (this.#last?.html !== html) this.#last = { html, encoded: new Map() };
    const kept = this.#last.encoded;
    let body = kept.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : await gzip(html);
      kept.set(encoding, body);
    }
    return { body, encoding };
  }
}
