import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { WatchHistoryTable } from './history.tables.ts';

/**
 * Puts the video at the top of the user's history with where they are in it, in one statement that
 * writes nothing while the user's history is paused.
 */
export async function recordWatch(db: Executor, row: WatchHistoryTable): Promise<void> {
  await sql`
    insert into watch_history (user_id, video_id, position_ms, duration_ms, watched_at)
    select cast(${row.user_id} as text), cast(${row.video_id} as text), cast(${row.position_ms} as integer),
           cast(${row.duration_ms} as integer), cast(${row.watched_at} as text)
    where not exists (select 1 from history_settings where user_id = ${row.user_id} and paused = 1)
    on conflict (user_id, video_id) do update set
      position_ms = excluded.position_ms, duration_ms = excluded.duration_ms, watched_at = excluded.watched_at`.execute(
    db,
  );
}

/** A page of the user's history, newest first (one more than asked for, to tell whether more follow). */
export const listHistory = (db: Executor, userId: string, limit: number, offset: number) =>
  db
    .selectFrom('watch_history')
    .innerJoin('videos', 'videos.id', 'watch_history.video_id')
    .select([
      'watch_history.video_id',
      'watch_history.position_ms',
      'watch_history.duration_ms',
      'watch_history.watched_at',
    ])
    .where('watch_history.user_id', '=', userId)
    .where('videos.status', '=', 'ready')
    .orderBy('watch_history.watched_at', 'desc')
    .orderBy('watch_history.video_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/** Empties the user's history and notes when, so that where they stopped before it is forgotten too. */
export async function clearHistory(db: Executor, userId: string, at: string): Promise<number> {
  const result = await db.deleteFrom('watch_history').where('user_id', '=', userId).executeTakeFirst();
  await db
    .insertInto('history_settings')
    .values({ user_id: userId, paused: 0, updated_at: at, cleared_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: at, cleared_at: at }))
    .execute();
  return Number(result.numDeletedRows);
}

export async function clearedAt(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('history_settings')
    .select('cleared_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.cleared_at ?? undefined;
}

export async function isPaused(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('history_settings').select('paused').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.paused ?? 0) === 1;
}

export async function setPaused(db: Executor, userId: string, paused: boolean, at: string): Promise<void> {
  const value = paused ? 1 : 0;
  await db
    .insertInto('history_settings')
    .values({ user_id: userId, paused: value, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ paused: value, updated_at: at }))
    .execute();
}
