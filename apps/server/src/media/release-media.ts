import path from 'node:path';
import type { AppContext } from '../context.ts';
import { releaseBlob } from '../storage/release-blob.ts';
import type { StoredThumbnailSize } from './thumbnail-sizes.ts';

/** What a deleted video or clip kept in the media store: its blobs by CID and its HLS ladder. */
export interface StoredMedia {
  cid: string | null;
  thumbnail_cid: string | null;
  thumbnail_sizes: string | null;
  thumbnail_choices?: string | null;
  source_cid?: string | null;
  hls_path: string | null;
}

/** Every CID of a thumbnail set (the thumbnail_sizes JSON) or a list of them (thumbnail_choices). */
export function thumbnailCids(json: string | null | undefined): string[] {
  if (!json) return [];
  const sets = (JSON.parse(json) as StoredThumbnailSize[] | StoredThumbnailSize[][]).flat();
  return sets.flatMap((s) => (s.webp ? [s.jpeg, s.webp] : [s.jpeg]));
}

/**
 * Frees the media of a row that is gone (call after its delete committed): the HLS ladder is its own,
 * and each blob goes unless another row still refers to the same bytes.
 */
export async function releaseStoredMedia(ctx: AppContext, media: StoredMedia): Promise<void> {
  if (media.hls_path) await ctx.blobs.deletePrefix(path.posix.dirname(media.hls_path));
  const cids = new Set([
    ...[media.cid, media.thumbnail_cid, media.source_cid].filter((c): c is string => !!c),
    ...thumbnailCids(media.thumbnail_sizes),
    ...thumbnailCids(media.thumbnail_choices),
  ]);
  for (const cid of cids) await releaseBlob(ctx, cid);
}
