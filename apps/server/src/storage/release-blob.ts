import type { AppContext } from '../context.ts';
import { blobInUse } from './blob-references.repository.ts';
import { cidKey } from './blob-store.ts';

/**
 * Deletes a content-addressed blob once nothing refers to it any more. Two things with the same
 * bytes share one blob (an upload twice, a live snapshot that two clips are cut from, a stream's
 * final recording right after a snapshot), so a blob goes only when no row still points at it.
 */
export async function releaseBlob(ctx: AppContext, cid: string): Promise<void> {
  if (!(await blobInUse(ctx.db, cid))) await ctx.blobs.delete(cidKey(cid));
}
