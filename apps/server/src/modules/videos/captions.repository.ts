import type { Executor } from '../../db/database.ts';
import type { VideoCaptionsTable } from './videos.tables.ts';

export const listCaptions = (db: Executor, videoId: string) =>
  db.selectFrom('video_captions').selectAll().where('video_id', '=', videoId).orderBy('language').execute();

export const findCaption = (db: Executor, videoId: string, language: string) =>
  db
    .selectFrom('video_captions')
    .selectAll()
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .executeTakeFirst();

export async function countCaptions(db: Executor, videoId: string): Promise<number> {
  const row = await db
    .selectFrom('video_captions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('video_id', '=', videoId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds the language's file or replaces the one it had. */
export async function upsertCaption(db: Executor, row: VideoCaptionsTable): Promise<void> {
  await db
    .insertInto('video_captions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['video_id', 'language']).doUpdateSet({
        blob_key: row.blob_key,
        size_bytes: row.size_bytes,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export async function deleteCaption(db: Executor, videoId: string, language: string): Promise<void> {
  await db.deleteFrom('video_captions').where('video_id', '=', videoId).where('language', '=', language).execute();
}

/** Every caption of a video (it is being deleted); answers the rows, whose files the caller removes. */
export const deleteCaptionsOf = (db: Executor, videoId: string): Promise<VideoCaptionsTable[]> =>
  db.deleteFrom('video_captions').where('video_id', '=', videoId).returningAll().execute();
