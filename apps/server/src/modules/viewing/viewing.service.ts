import {
  EarningsRules,
  type HeartbeatResult,
  type ViewingSession,
  type WatchPosition,
  type WatchSessionStarted,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { utcDay } from '../../lib/clock.ts';
import { newOrderedId } from '../../lib/ids.ts';
import { earnedByRef } from '../ledger/ledger.service.ts';
import { getVideo } from '../videos/videos.service.ts';
import { historyClearedAt, recordWatch } from '../history/history.service.ts';
import { EarningKind, payRewards, type Reward } from './rewards.service.ts';
import { presentHeartbeat, presentSession } from './viewing.presenter.ts';
import * as repo from './viewing.repository.ts';
import type { ViewingSessionsTable } from './viewing.tables.ts';
import { applyBeat, coveredMs, qualifies, type Ranges, type SessionProgress } from './watch-coverage.ts';
import { writeTransaction } from '../../db/group-commit.ts';

export const SESSION_NOT_FOUND = 'Watch session not found';
/**
 * Ledger kinds a viewer earns by watching in a session (what the history shows per session). Only the
 * session's viewer is ever paid these with the session as the ref (the creator's reward for the same
 * watch has its own kind), so the running totals per ref are what the viewer earned from it.
 */
const SESSION_KINDS = [EarningKind.watch_time, EarningKind.discovery];

const earnedInSessions = (db: Executor, sessionIds: string[]): Promise<Map<string, number>> =>
  earnedByRef(db, SESSION_KINDS, sessionIds);

/** Opens a watch session for a playable video; the server's clock starts measuring now. */
export async function startSession(ctx: AppContext, user: UsersTable, videoId: string): Promise<WatchSessionStarted> {
  const video = await getVideo(ctx, videoId, user);
  if (video.status !== 'ready' || !(video.duration > 0))
    throw badRequest('This video cannot be played yet', { code: 'video_not_playable' });
  const at = ctx.clock.now().toISOString();
  const id = newOrderedId();
  await repo.insertSession(ctx.db, {
    id,
    user_id: user.id,
    video_id: video.id,
    creator_id: video.creator_id,
    duration_ms: Math.round(video.duration * 1000),
    position_ms: 0,
    last_beat_at: at,
    watched_ms: 0,
    covered: '[]',
    covered_ms: 0,
    qualified_at: null,
    created_at: at,
  });
  return {
    session_id: id,
    heartbeat_seconds: EarningsRules.heartbeatSeconds,
    qualify_percent: EarningsRules.qualifyPercent,
  };
}

const progressOf = (s: ViewingSessionsTable): SessionProgress => ({
  durationMs: s.duration_ms,
  positionMs: s.position_ms,
  lastBeatAtMs: Date.parse(s.last_beat_at),
  watchedMs: s.watched_ms,
  covered: JSON.parse(s.covered) as Ranges,
});

/**
 * A heartbeat from the player: credits the watch time the server's own clock allows (see
 * applyBeat) and, the first time the session passes the qualifying share, pays its rewards in the
 * same transaction.
 */
export async function heartbeat(
  ctx: AppContext,
  user: UsersTable,
  sessionId: string,
  beat: { position: number; active: boolean },
): Promise<HeartbeatResult> {
  return writeTransaction(ctx.db, async (trx) => {
    const session = await repo.findSession(trx, sessionId);
    if (!session || session.user_id !== user.id) throw notFound(SESSION_NOT_FOUND, { code: 'watch_session_not_found' });
    const now = ctx.clock.now();
    const after = applyBeat(progressOf(session), {
      positionMs: beat.position * 1000,
      atMs: now.getTime(),
      active: beat.active,
    });
    const qualifiesNow = session.qualified_at === null && qualifies(after);
    const saved = await repo.updateSessionIfUnchanged(trx, session.id, session.last_beat_at, {
      position_ms: after.positionMs,
      last_beat_at: now.toISOString(),
      watched_ms: after.watchedMs,
      covered: JSON.stringify(after.covered),
      covered_ms: coveredMs(after.covered),
      qualified_at: qualifiesNow ? now.toISOString() : session.qualified_at,
    });
    // A beat that raced another one of the same session credits nothing: the other one counted.
    if (saved && qualifiesNow) await payQualifiedWatch(trx, session, after, now);
    if (saved && (after.positionMs > 0 || after.watchedMs > 0))
      await recordWatch(trx, {
        userId: user.id,
        videoId: session.video_id,
        positionMs: after.positionMs,
        durationMs: session.duration_ms,
        at: now.toISOString(),
      });
    const current = (await repo.findSession(trx, session.id))!;
    const earned = await earnedInSessions(trx, [session.id]);
    return presentHeartbeat(current, earned.get(session.id) ?? 0);
  });
}

/**
 * Rewards of a session that just qualified: watch time to the viewer, a share to the creator, a
 * discovery bonus for a new creator, and the referrer's bonus on a referred viewer's first qualified
 * watch. Nothing when creators watch their own video, and only once per viewer, video and day.
 */
async function payQualifiedWatch(
  trx: Executor,
  session: ViewingSessionsTable,
  progress: SessionProgress,
  now: Date,
): Promise<void> {
  const viewer = session.user_id;
  const creator = session.creator_id;
  if (viewer === creator) return;
  const watchKey = `watch:${viewer}:${session.video_id}:${utcDay(now)}`;
  if (
    !(await repo.claimEvent(trx, {
      key: watchKey,
      user_id: viewer,
      category: 'watch_time',
      created_at: now.toISOString(),
    }))
  )
    return;

  const watchedMs = Math.min(progress.watchedMs, progress.durationMs);
  const rewards: Reward[] = [
    {
      userId: viewer,
      category: 'watch_time',
      amount: Math.floor((watchedMs * EarningsRules.watchPerMinute) / 60_000),
      eventKey: watchKey,
      ref: session.id,
      alreadyClaimed: true,
    },
    {
      userId: creator,
      category: 'creator',
      amount: EarningsRules.creatorPerQualifiedWatch,
      eventKey: `creator:${watchKey}`,
      ref: session.id,
    },
  ];
  // This watch is already counted: the creator is new while it is among their first N.
  if ((await repo.countQualifiedWatchesOf(trx, creator)) <= EarningsRules.newCreatorWatches) {
    rewards.push({
      userId: viewer,
      category: 'discovery',
      amount: EarningsRules.discovery,
      eventKey: `discovery:${viewer}:${creator}`,
      ref: session.id,
    });
  }
  const referral = await repo.findReferral(trx, viewer);
  if (referral && !referral.rewarded_at && (await repo.markReferralRewarded(trx, viewer, now.toISOString()))) {
    rewards.push({
      userId: referral.referrer_user_id,
      category: 'referral',
      amount: EarningsRules.referral,
      eventKey: `referral:${viewer}`,
      ref: viewer,
    });
  }
  await payRewards(trx, rewards, now);
}

/**
 * Where the viewer stopped in a video, from the heartbeats of their watch sessions: the player offers
 * to resume there. A video the viewer may no longer see answers as not found.
 */
export async function watchPosition(ctx: AppContext, user: UsersTable, videoId: string): Promise<WatchPosition> {
  const video = await getVideo(ctx, videoId, user);
  const ms = await repo.lastPosition(ctx.db, user.id, video.id, await historyClearedAt(ctx.db, user.id));
  return { position: ms === undefined ? null : ms / 1000 };
}

/** The viewer's sessions, newest first, each with what it earned them. */
export async function history(ctx: AppContext, user: UsersTable, limit: number): Promise<ViewingSession[]> {
  const rows = await repo.listSessions(ctx.db, user.id, limit);
  const earned = await earnedInSessions(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentSession(r, earned.get(r.id) ?? 0));
}
