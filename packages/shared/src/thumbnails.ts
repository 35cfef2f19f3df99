import type { ThumbnailSize } from './videos.ts';

/** How wide a card's picture shows: the whole width on a phone, one grid cell on a larger screen. */
export const CARD_SIZES = '(max-width: 600px) 100vw, 320px';

/** The WebP sizes as a `srcset`, or null when any size lacks one (the JPEGs stand for all then). */
export const webpSrcset = (sizes: ThumbnailSize[]): string | null =>
  sizes.every((s) => s.webp_url) ? sizes.map((s) => `${s.webp_url} ${s.width}w`).join(', ') : null;

export const jpegSrcset = (sizes: ThumbnailSize[]): string => sizes.map((s) => `${s.jpeg_url} ${s.width}w`).join(', ');

/** The attributes of a `<link rel="preload" as="image">` that asks for the picture a card will show. */
export interface ThumbnailPreload {
  href?: string;
  type?: string;
  imagesrcset?: string;
  imagesizes?: string;
}

/**
 * What a preload of a card's thumbnail names, so it fetches the very file the card's `<picture>`
 * then picks (same sets, same sizes): one picture for media made before sizes existed.
 */
export function thumbnailPreload(url: string, sizes: ThumbnailSize[]): ThumbnailPreload {
  if (sizes.length === 0) return { href: url };
  const webp = webpSrcset(sizes);
  return {
    ...(webp ? { type: 'image/webp' } : {}),
    imagesrcset: webp ?? jpegSrcset(sizes),
    imagesizes: CARD_SIZES,
  };
}
