import type { HistoryCleared, HistoryEntry, HistoryListQuery, HistoryPage, HistorySettings } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import { readyVideos } from '../videos/videos.service.ts';
import * as repo from './history.repository.ts';

/**
 * A heartbeat of the user's player: the video moves to the top of their history with the position
 * reached (nothing while their history is paused). Runs in the heartbeat's transaction.
 */
export async function recordWatch(
  db: Executor,
  watch: { userId: string; videoId: string; positionMs: number; durationMs: number; at: string },
): Promise<void> {
  await repo.recordWatch(db, {
    user_id: watch.userId,
    video_id: watch.videoId,
    position_ms: Math.round(watch.positionMs),
    duration_ms: watch.durationMs,
    watched_at: watch.at,
  });
}

/** The user's own history, newest first. */
export async function listHistory(ctx: AppContext, user: UsersTable, query: HistoryListQuery): Promise<HistoryPage> {
  const [rows, paused] = await Promise.all([
    repo.listHistory(ctx.db, user.id, query.limit + 1, query.offset),
    repo.isPaused(ctx.db, user.id),
  ]);
  const page = rows.slice(0, query.limit);
  const videos = await readyVideos(
    ctx,
    page.map((r) => r.video_id),
  );
  const entries = page.flatMap((r): HistoryEntry[] => {
    const video = videos.get(r.video_id);
    return video
      ? [{ video, position: r.position_ms / 1000, duration: r.duration_ms / 1000, watched_at: r.watched_at }]
      : [];
  });
  return { entries, paused, has_more: rows.length > query.limit };
}

/** Empties the user's history; where they stopped in each video (to resume) is forgotten with it. */
export async function clearHistory(ctx: AppContext, user: UsersTable): Promise<HistoryCleared> {
  return { cleared: await writeTransaction(ctx.db, (trx) => repo.clearHistory(trx, user.id, ctx.clock.iso())) };
}

/** When the user last cleared their history (undefined: never). */
export const historyClearedAt = (db: Executor, userId: string): Promise<string | undefined> =>
  repo.clearedAt(db, userId);

export async function historySettings(ctx: AppContext, user: UsersTable): Promise<HistorySettings> {
  return { paused: await repo.isPaused(ctx.db, user.id) };
}

export async function updateHistorySettings(
  ctx: AppContext,
  user: UsersTable,
  settings: HistorySettings,
): Promise<HistorySettings> {
  await writeTransaction(ctx.db, (trx) => repo.setPaused(trx, user.id, settings.paused, ctx.clock.iso()));
  return settings;
}
