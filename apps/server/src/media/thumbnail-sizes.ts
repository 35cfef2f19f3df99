import type { ThumbnailSize } from '@app/shared';
import { mediaUrl } from '../storage/media-url.ts';

/** One card width of a thumbnail as stored (the `thumbnail_sizes` JSON column): blob CIDs. */
export interface StoredThumbnailSize {
  width: number;
  jpeg: string;
  webp: string | null;
}

/** The stored sizes as the API gives them (URLs); none for rows rendered before sizes existed. */
export function presentThumbnailSizes(stored: string | null): ThumbnailSize[] {
  if (!stored) return [];
  return (JSON.parse(stored) as StoredThumbnailSize[]).map((s) => ({
    width: s.width,
    jpeg_url: mediaUrl(s.jpeg),
    webp_url: s.webp ? mediaUrl(s.webp) : null,
  }));
}
