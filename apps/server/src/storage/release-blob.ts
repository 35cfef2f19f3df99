import type { AppContext } from '../../context.ts';
import { blobInUse } from '../../storage/blob-references.repository.ts';
import { cidKey } from '../../storage/blob-store.ts';

/**
 * A live recording snapshot goes once no clip still being cut needs it (two clips may share one)
 * and nothing else has the same bytes (the stream's final recording may, if it ended right after).
 */
export async function releaseSnapshot(ctx: AppContext, cid: string): Promise<void> {
  if (!(await blobInUse(ctx.db, cid))) await ctx.blobs.delete(cidKey(cid));
}
