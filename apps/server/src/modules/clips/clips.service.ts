import {
  CLIP_BEYOND_SOURCE,
  type ClipCreateSchema,
  Rewards,
  microToTokens,
  type Clip,
  type ClipLikeResult,
  type ClipListQuery,
  type ClipStats,
  type UserContentQuery,
} from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { SystemAccount, earnedByRef, totalOfKinds, transfer, userAccountId } from '../ledger/ledger.service.ts';
import { withinDailyLimit } from '../viewing/rewards.service.ts';
import type { RecordingSnapshot } from '../../live/live-context.ts';
import { resolveClipSource, type ClipSource, type ClipSourceKind } from './clip-sources.ts';
import { releaseBlob } from '../../storage/release-blob.ts';
import { presentClip } from './clips.presenter.ts';
import * as repo from './clips.repository.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import { deleteCommentsOn } from '../comments/comments.service.ts';
import type { ClipsTable } from './clips.tables.ts';

export const CLIP_NOT_FOUND = 'Clip Not Found';
export const SOURCE_NOT_FOUND = 'Source not found';
export const SOURCE_NOT_READY = 'This source is not ready yet. You can clip it once it plays.';
export const NOTHING_RECORDED = 'This stream has not recorded anything yet. Try again in a few seconds.';
/** Ledger kinds that count toward a clip's tokens_earned. */
export const ClipEarningKinds = { create: 'clip_reward', like: 'clip_like_reward' } as const;
const earningKinds = Object.values(ClipEarningKinds);
const DAY_MS = 24 * 60 * 60 * 1000;

async function present(db: Executor, rows: repo.ClipRow[], viewer?: UsersTable): Promise<Clip[]> {
  const ids = rows.map((r) => r.id);
  const [earned, liked] = await Promise.all([
    earnedByRef(db, earningKinds, ids),
    viewer ? repo.likedAmong(db, viewer.id, ids) : new Set<string>(),
  ]);
  return rows.map((r) => presentClip(r, earned.get(r.id) ?? 0, liked.has(r.id)));
}

/** A ready clip for anyone; one still being cut (or failed) only for its creator. */
async function visibleClip(db: Executor, id: string, viewer?: UsersTable): Promise<repo.ClipRow> {
  const row = await repo.findClip(db, id);
  if (!row || (row.status !== 'ready' && row.creator_id !== viewer?.id))
    throw notFound(CLIP_NOT_FOUND, { code: 'clip_not_found' });
  return row;
}

export async function listClips(ctx: AppContext, query: ClipListQuery, viewer?: UsersTable): Promise<Clip[]> {
  return present(ctx.db, await repo.listClips(ctx.db, query), viewer);
}

/** A creator's clips on their profile: the ready ones, and for the creator also those being cut or failed. */
export async function listCreatorClips(
  ctx: AppContext,
  creatorId: string,
  page: UserContentQuery,
  viewer?: UsersTable,
): Promise<Clip[]> {
  const rows = await repo.listCreatorPage(ctx.db, creatorId, { ...page, all: viewer?.id === creatorId });
  return present(ctx.db, rows, viewer);
}

export async function getClip(ctx: AppContext, id: string, viewer?: UsersTable): Promise<Clip> {
  const [clip] = await present(ctx.db, [await visibleClip(ctx.db, id, viewer)], viewer);
  return clip!;
}

/**
 * A new clip: the range must lie inside a source the creator may see and that plays. The row, the
 * 5-token creation reward (for the first few clips of the day: a clip costs nothing to make) and
 * the job that cuts the media are written in one transaction, so a clip never exists without its job.
 */
export async function createClip(
  ctx: AppContext,
  user: UsersTable,
  input: z.output<typeof ClipCreateSchema>,
): Promise<{ clip_id: string }> {
  const [kind, sourceId]: [ClipSourceKind, string] = input.source_video_id
    ? ['video', input.source_video_id]
    : ['stream', input.source_stream_id!];
  const source = await resolveClipSource(ctx.db, kind, sourceId);
  if (!source || (!source.playable && source.userId !== user.id))
    throw notFound(SOURCE_NOT_FOUND, { code: 'clip_source_not_found' });
  if (!source.playable) throw conflict(SOURCE_NOT_READY, { code: 'clip_source_not_ready' });
  // A stream on air: the range is checked against (and cut from) its recording as of now.
  let snapshot: RecordingSnapshot | null = null;
  if (source.input.kind === 'live') {
    snapshot = source.input.recording ? await ctx.live.takeSnapshot(source.input.streamId) : null;
    if (!snapshot) throw conflict(NOTHING_RECORDED, { code: 'nothing_recorded_yet' });
  }
  try {
    return await insertClip(ctx, user, input, source, snapshot);
  } catch (err) {
    if (snapshot) await releaseBlob(ctx, snapshot.cid);
    throw err;
  }
}

async function insertClip(
  ctx: AppContext,
  user: UsersTable,
  input: z.output<typeof ClipCreateSchema>,
  source: ClipSource,
  snapshot: RecordingSnapshot | null,
): Promise<{ clip_id: string }> {
  const startMs = Math.round(input.start_time * 1000);
  const sourceMs = snapshot ? snapshot.durationMs : Math.round(source.durationSeconds * 1000);
  if (startMs + input.duration * 1000 > sourceMs)
    throw badRequest(CLIP_BEYOND_SOURCE, { code: 'clip_beyond_source', field: 'duration' });

  const id = newId();
  const at = ctx.clock.iso();
  await writeTransaction(ctx.db, async (trx) => {
    await repo.insertClip(trx, {
      id,
      creator_id: user.id,
      source_video_id: source.kind === 'video' ? source.id : null,
      source_stream_id: source.kind === 'stream' ? source.id : null,
      title: input.title,
      description: input.description,
      category: source.category,
      tags: JSON.stringify(input.tags),
      start_ms: startMs,
      duration_seconds: input.duration,
      status: 'processing',
      failure: null,
      cid: null,
      size_bytes: null,
      thumbnail_cid: null,
      thumbnail_sizes: null,
      hls_path: null,
      source_cid: snapshot?.cid ?? null,
      views: 0,
      likes: 0,
      comment_count: 0,
      comments_enabled: 1,
      created_at: at,
      updated_at: at,
    });
    if (await withinDailyLimit(trx, user.id, 'clip_reward', Rewards.clipCreateDailyLimit, ctx.clock.now())) {
      await transfer(
        {
          from: SystemAccount.mint,
          to: userAccountId(user.id),
          amount: Rewards.clipCreate,
          kind: ClipEarningKinds.create,
          ref: id,
          idempotencyKey: `clip:${id}`,
        },
        trx,
      );
    }
    await ctx.jobs.enqueue('cut-clip', { clipId: id }, { jobId: `cut-clip:${id}` }, trx);
  });
  return { clip_id: id };
}

/** One like per user per clip; the creator earns 0.5 token for it, never for liking their own clip. */
export async function likeClip(ctx: AppContext, clipId: string, user: UsersTable): Promise<ClipLikeResult> {
  return writeTransaction(ctx.db, async (trx) => {
    const clip = await visibleClip(trx, clipId, user);
    const added = await repo.addLike(trx, clipId, user.id, ctx.clock.iso());
    if (added && clip.creator_id !== user.id) {
      await transfer(
        {
          from: SystemAccount.mint,
          to: userAccountId(clip.creator_id),
          amount: Rewards.clipLike,
          kind: ClipEarningKinds.like,
          ref: clipId,
          idempotencyKey: `clip-like:${clipId}:${user.id}`,
        },
        trx,
      );
    }
    return { liked: true as const, likes: (await repo.counters(trx, clipId)).likes };
  });
}

/** Counts a view once per viewer per clip per 24 h, like video views; a creator's own views do not count. */
export async function recordClipView(
  ctx: AppContext,
  clipId: string,
  viewerKey: string,
  viewer?: UsersTable,
): Promise<{ counted: boolean; views: number }> {
  return writeTransaction(ctx.db, async (trx) => {
    const clip = await visibleClip(trx, clipId, viewer);
    if (viewer?.id === clip.creator_id) return { counted: false, views: Number(clip.views) };
    const now = ctx.clock.now();
    const at = now.toISOString();
    const counted = await repo.claimViewWindow(
      trx,
      clipId,
      viewerKey,
      at,
      new Date(now.getTime() - DAY_MS).toISOString(),
    );
    if (counted) await repo.recordView(trx, clipId, viewerKey, at);
    return { counted, views: (await repo.counters(trx, clipId)).views };
  });
}

/**
 * The clips cut from a video that is being deleted go with it (a clip without its source would
 * outlive the creator's decision to take the video down), with their comments, likes and views, inside
 * the caller's transaction; their ledger entries stay. Answers the rows, whose media the caller
 * releases once the transaction committed.
 */
export async function deleteClipsOfVideo(trx: Executor, videoId: string): Promise<ClipsTable[]> {
  const clips = await repo.deleteClipsOfVideo(trx, videoId);
  await deleteCommentsOn(
    trx,
    'clip',
    clips.map((c) => c.id),
  );
  return clips;
}

export async function clipStats(ctx: AppContext): Promise<ClipStats> {
  const [totals, earned] = await Promise.all([
    repo.platformTotals(ctx.db),
    totalOfKinds(ctx.db, earningKinds, repo.readyClipIds(ctx.db)),
  ]);
  return { total_clips: totals.clips, tokens_earned: microToTokens(earned), views: totals.views };
}

/** What the creator dashboard reads about a creator's clips. */
export async function creatorClipStats(ctx: AppContext, creatorId: string, since: string, top: number) {
  const [totals, topClips, recentViews] = await Promise.all([
    repo.creatorTotals(ctx.db, creatorId),
    repo.topClipsOf(ctx.db, creatorId, top),
    repo.viewsSince(ctx.db, creatorId, since),
  ]);
  return { totals, topClips: topClips.map((c) => ({ ...c, views: Number(c.views) })), recentViews };
}

/** Views and likes of a creator's ready clips per UTC day since a time (the dashboard's chart). */
export async function creatorClipDaily(ctx: AppContext, creatorId: string, since: string) {
  const [views, likes] = await Promise.all([
    repo.viewsPerDay(ctx.db, creatorId, since),
    repo.likesPerDay(ctx.db, creatorId, since),
  ]);
  return { views, likes };
}
