import type { Executor } from '../db/database.ts';

/**
 * Whether any row still points at a stored blob. Storage is content-addressed, so two things with
 * the same bytes (an upload twice, a live snapshot and the final recording) share one blob, and a
 * blob may only be deleted once nothing refers to it. (A CID is letters and digits only, so it
 * matches inside the thumbnail_sizes JSON exactly as written.)
 */
export async function blobInUse(db: Executor, cid: string): Promise<boolean> {
  const references: Array<{ executeTakeFirst(): Promise<unknown> }> = [
    db
      .selectFrom('videos')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('cid', '=', cid),
          eb('thumbnail_cid', '=', cid),
          eb('thumbnail_sizes', 'like', `%${cid}%`),
          eb('thumbnail_choices', 'like', `%${cid}%`),
        ]),
      )
      .limit(1),
    db
      .selectFrom('streams')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('recording_cid', '=', cid),
          eb('thumbnail_cid', '=', cid),
          eb('thumbnail_sizes', 'like', `%${cid}%`),
        ]),
      )
      .limit(1),
    db
      .selectFrom('clips')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('cid', '=', cid),
          eb('thumbnail_cid', '=', cid),
          eb('thumbnail_sizes', 'like', `%${cid}%`),
          eb.and([eb('source_cid', '=', cid), eb('status', '=', 'processing')]),
        ]),
      )
      .limit(1),
  ];
  for (const query of references) if (await query.executeTakeFirst()) return true;
  return false;
}
