import {
  type StreamCreateSchema,
  type StreamScheduleSchema,
  StreamLimits,
  type UserStreamListQuery,
  liveRewardMicro,
  microToTokens,
  type Stream,
  type StreamCreated,
  type StreamIngest,
  type StreamListQuerySchema,
  type StreamStats,
} from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { SystemAccount, earnedByRef, totalOfKinds, transfer, userAccountId } from '../ledger/ledger.service.ts';
import { notifyFollowers } from '../notifications/notifications.service.ts';
import { findUserByRef } from '../users/users.service.ts';
import * as repo from './streams.repository.ts';
import { presentStream, streamDuration } from './streams.presenter.ts';
import { newStreamKey, openStreamKey, sealStreamKey } from './stream-keys.ts';
import { hashToken } from '../sessions/sessions.service.ts';
import type { StreamsTable } from './streams.tables.ts';
import { writeTransaction } from '../../db/group-commit.ts';

/** Ledger kinds that count as a stream's earnings. */
export const StreamEarningKinds = { reward: 'live_reward', tip: 'stream_tip' } as const;
const earningKinds = Object.values(StreamEarningKinds);

/** Viewer counts come from the row, which the chat hub keeps current (at most a second behind). */
async function present(ctx: AppContext, rows: repo.StreamRow[]): Promise<Stream[]> {
  const earned = await earnedByRef(
    ctx.db,
    earningKinds,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentStream(r, earned.get(r.id) ?? 0));
}

async function ownStream(db: Executor, id: string, user: UsersTable): Promise<repo.StreamRow> {
  const row = await repo.findStream(db, id);
  if (!row) throw notFound('Stream not found', { code: 'stream_not_found' });
  if (row.creator_id !== user.id)
    throw forbidden('Only the creator of this stream can do this', { code: 'not_stream_creator' });
  return row;
}

function ingestOf(ctx: AppContext, streamId: string, key: string): StreamIngest {
  const rtmpUrl = ctx.live.rtmpUrl();
  return {
    stream_id: streamId,
    stream_key: key,
    rtmp_url: rtmpUrl,
    rtmp_publish_url: `${rtmpUrl}/${key}`,
    browser_ingest_path: `/ws/ingest/${streamId}`,
    whip_url: new URL(`/api/streams/${streamId}/whip`, ctx.config.publicUrl).href,
  };
}

type NewStreamFields = Pick<
  StreamsTable,
  'id' | 'creator_id' | 'title' | 'description' | 'category' | 'tags' | 'key_hash' | 'key_sealed' | 'created_at'
> &
  Partial<Pick<StreamsTable, 'scheduled_for'>>;

/** A stream as it is before it first goes live: no ingest, no viewers, no recording. */
export const newStreamRow = (fields: NewStreamFields): StreamsTable => ({
  scheduled_for: null,
  ...fields,
  status: 'created',
  started_at: null,
  ended_at: null,
  interrupted_at: null,
  last_ingest_at: null,
  viewers_count: 0,
  max_viewers: 0,
  live_path: null,
  recording_cid: null,
  recording_duration_ms: null,
  replay_path: null,
  thumbnail_cid: null,
  thumbnail_sizes: null,
  updated_at: fields.created_at,
});

/** The stored fields of a stream's details and a fresh key for it. */
function streamFields(ctx: AppContext, id: string, input: z.output<typeof StreamCreateSchema>, key: string) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    tags: JSON.stringify(input.tags),
    key_hash: hashToken(key),
    key_sealed: sealStreamKey(ctx.secrets.appSecret, id, key),
  };
}

/** Scheduled streams whose time is further past than this are over for everyone but their creator. */
const scheduledVisibleAfter = (ctx: AppContext): string =>
  new Date(ctx.clock.now().getTime() - StreamLimits.startingSoonMs).toISOString();

/**
 * A new stream, or, when the creator has one scheduled within the hour around now, that one with
 * these details and a new key: the Upcoming entry becomes the stream that goes live.
 */
export async function createStream(
  ctx: AppContext,
  user: UsersTable,
  input: z.output<typeof StreamCreateSchema>,
): Promise<StreamCreated> {
  const key = newStreamKey();
  const now = ctx.clock.iso();
  const soon = new Date(ctx.clock.now().getTime() + StreamLimits.startingSoonMs).toISOString();
  const due = await repo.findDueScheduled(ctx.db, user.id, scheduledVisibleAfter(ctx), soon);
  if (due && (await repo.updateScheduled(ctx.db, due.id, streamFields(ctx, due.id, input, key), now))) {
    ctx.readCache.invalidate(['streams']);
    return { stream_id: due.id, stream_key: key, rtmp_url: ctx.live.rtmpUrl() };
  }
  const id = newId();
  await repo.insertStream(
    ctx.db,
    newStreamRow({ id, creator_id: user.id, ...streamFields(ctx, id, input, key), created_at: now }),
  );
  return { stream_id: id, stream_key: key, rtmp_url: ctx.live.rtmpUrl() };
}

/**
 * A stream planned ahead: a created stream with its start time, listed as Upcoming. A creator has
 * at most StreamLimits.scheduledMaxPerCreator not yet over; the count and the insert are one
 * transaction, so a burst of requests cannot slip past it.
 */
export async function scheduleStream(
  ctx: AppContext,
  user: UsersTable,
  input: z.output<typeof StreamScheduleSchema>,
): Promise<Stream> {
  const id = newId();
  await writeTransaction(ctx.db, async (trx) => {
    await repo.lockCreator(trx, user.id);
    if ((await repo.countUpcomingBy(trx, user.id, scheduledVisibleAfter(ctx))) >= StreamLimits.scheduledMaxPerCreator)
      throw conflict(`You can have at most ${StreamLimits.scheduledMaxPerCreator} upcoming scheduled streams`, {
        code: 'too_many_scheduled_streams',
        params: { max: StreamLimits.scheduledMaxPerCreator },
      });
    await repo.insertStream(
      trx,
      newStreamRow({
        id,
        creator_id: user.id,
        ...streamFields(ctx, id, input, newStreamKey()),
        scheduled_for: input.scheduled_for,
        created_at: ctx.clock.iso(),
      }),
    );
  });
  ctx.readCache.invalidate(['streams']);
  return getStream(ctx, id);
}

/** New details or a new time for a stream still scheduled (its creator only). */
export async function rescheduleStream(
  ctx: AppContext,
  user: UsersTable,
  id: string,
  input: z.output<typeof StreamScheduleSchema>,
): Promise<Stream> {
  await ownStream(ctx.db, id, user);
  const { title, description, category } = input;
  const fields = { title, description, category, tags: JSON.stringify(input.tags), scheduled_for: input.scheduled_for };
  if (!(await repo.updateScheduled(ctx.db, id, fields, ctx.clock.iso())))
    throw conflict('This stream is not scheduled any more', { code: 'stream_not_scheduled' });
  ctx.readCache.invalidate(['streams']);
  return getStream(ctx, id);
}

/** A stream's row (with its creator's public fields), for the live infrastructure and clip sources. */
export const findStreamRow = (db: Executor, id: string): Promise<repo.StreamRow | undefined> => repo.findStream(db, id);

export async function getStream(ctx: AppContext, id: string): Promise<Stream> {
  const row = await repo.findStream(ctx.db, id);
  if (!row) throw notFound('Stream not found', { code: 'stream_not_found' });
  const [stream] = await present(ctx, [row]);
  return stream!;
}

export async function listStreams(ctx: AppContext, query: z.output<typeof StreamListQuerySchema>): Promise<Stream[]> {
  let creatorId: string | undefined;
  if (query.creator) {
    creatorId = (await findUserByRef(ctx.db, query.creator))?.id;
    if (!creatorId) return [];
  }
  return present(
    ctx,
    await repo.listStreams(ctx.db, { ...query, creatorId, scheduledAfter: scheduledVisibleAfter(ctx) }),
  );
}

/**
 * A creator's streams for their profile. Their own scheduled list keeps the ones whose time passed
 * long ago (to reschedule or cancel); everyone else's ends an hour past the time, like the directory.
 */
export async function listCreatorStreams(
  ctx: AppContext,
  creatorId: string,
  query: UserStreamListQuery,
  viewer?: UsersTable,
): Promise<Stream[]> {
  const scheduledAfter = viewer?.id === creatorId ? null : scheduledVisibleAfter(ctx);
  return present(ctx, await repo.listCreatorStreams(ctx.db, creatorId, { ...query, scheduledAfter }));
}

export async function streamStats(ctx: AppContext): Promise<StreamStats> {
  const [t, earned] = await Promise.all([repo.directoryTotals(ctx.db), totalOfKinds(ctx.db, earningKinds)]);
  return {
    live_count: t.live,
    total_viewers: t.viewers,
    tokens_earned: microToTokens(earned),
    total_streams: t.started,
  };
}

export async function listOwnStreams(ctx: AppContext, user: UsersTable): Promise<Stream[]> {
  return present(ctx, await repo.listOwnStreams(ctx.db, user.id, 50));
}

/** How many streams a creator ever took on air (a created stream that never went live is not one). */
export const creatorStreamCount = (ctx: AppContext, creatorId: string): Promise<number> =>
  repo.countStartedBy(ctx.db, creatorId);

/** The owner's key and ingest addresses. */
export async function streamIngest(ctx: AppContext, user: UsersTable, id: string): Promise<StreamIngest> {
  const row = await ownStream(ctx.db, id, user);
  return ingestOf(ctx, id, openStreamKey(ctx.secrets.appSecret, id, row.key_sealed));
}

/** A new key; the old one stops working at once (a running ingest is cut and may reconnect with the new key). */
export async function rotateStreamKey(ctx: AppContext, user: UsersTable, id: string): Promise<StreamIngest> {
  const row = await ownStream(ctx.db, id, user);
  if (row.status === 'ended') throw badRequest('This stream has ended', { code: 'stream_ended' });
  const key = newStreamKey();
  const sealed = { key_hash: hashToken(key), key_sealed: sealStreamKey(ctx.secrets.appSecret, id, key) };
  await repo.updateStreamKey(ctx.db, id, sealed, ctx.clock.iso());
  await ctx.live.bus.publish(id, { type: 'ingest_stop' });
  return ingestOf(ctx, id, key);
}

/** Puts the stream on air (the start call, or the first video arriving). Idempotent while live. */
export async function goLive(ctx: AppContext, id: string): Promise<boolean> {
  const now = ctx.clock.iso();
  const row = await repo.findStream(ctx.db, id);
  if (!row || row.status === 'ended') return false;
  const changed = await repo.setLive(ctx.db, id, row.started_at ?? now, now);
  if (changed) ctx.readCache.invalidate(['streams']);
  if (changed && row.status === 'created') {
    await ctx.live.bus.publish(id, { type: 'stream_started', creator: row.creator_username, title: row.title });
    notifyFollowers(
      ctx,
      row.creator_id,
      {
        kind: 'stream_live',
        payload: { actor: row.creator_username, stream_id: id, stream_title: row.title },
      },
      { once: `stream:${id}` },
    );
  }
  return true;
}

export async function startStream(ctx: AppContext, user: UsersTable, id: string): Promise<Stream> {
  const row = await ownStream(ctx.db, id, user);
  if (row.status === 'ended')
    throw badRequest('This stream has ended; create a new one to go live again', { code: 'stream_ended_create_new' });
  await goLive(ctx, id);
  return getStream(ctx, id);
}

/**
 * Throws away a stream its owner created and never took live (a typo in the title, a change of
 * plan). One that has been on air keeps its recording, chat and earnings: it can only be ended.
 */
export async function discardStream(ctx: AppContext, user: UsersTable, id: string): Promise<{ discarded: true }> {
  await writeTransaction(ctx.db, async (trx) => {
    await ownStream(trx, id, user);
    if (!(await repo.deleteNeverLive(trx, id)))
      throw conflict('This stream has been live, so it is kept: end it instead of discarding it', {
        code: 'stream_was_live',
      });
  });
  ctx.readCache.invalidate(['streams']);
  await ctx.live.bus.publish(id, { type: 'ingest_stop' });
  return { discarded: true };
}

export interface EndResult {
  ended: boolean;
  duration: number;
  rewardMicro: number;
}

/**
 * Ends a stream once: one conditional update decides, so a second stop (or the sweeper racing a
 * stop) neither ends it again nor pays again; the reward goes through the ledger in the same
 * transaction. `endedAt` lets the sweeper date the end to when the video stopped arriving.
 */
export async function endStream(ctx: AppContext, id: string, endedAt = ctx.clock.iso()): Promise<EndResult> {
  const result = await writeTransaction(ctx.db, async (trx) => {
    const row = await repo.findStream(trx, id);
    if (!row) throw notFound('Stream not found', { code: 'stream_not_found' });
    if (!(await repo.setEnded(trx, id, endedAt, ctx.clock.iso())))
      return { ended: false, duration: streamDuration(row), rewardMicro: 0 };
    const duration = streamDuration({ started_at: row.started_at, ended_at: endedAt });
    let rewardMicro = 0;
    // Only a stream whose video reached viewers earns: a start and a stop with nothing sent in
    // between would otherwise mint the 10-token minimum as often as anyone cared to call them.
    if (row.started_at && row.last_ingest_at) {
      rewardMicro = liveRewardMicro(duration);
      await transfer(
        {
          from: SystemAccount.mint,
          to: userAccountId(row.creator_id),
          amount: rewardMicro,
          kind: StreamEarningKinds.reward,
          ref: id,
          idempotencyKey: `live_reward:${id}`,
        },
        trx,
      );
    }
    return { ended: true, duration, rewardMicro };
  });
  if (result.ended) {
    ctx.readCache.invalidate(['streams']);
    await ctx.live.bus.publish(id, { type: 'stream_ended', duration: result.duration });
    await ctx.live.bus.publish(id, { type: 'ingest_stop' });
  }
  return result;
}

export async function stopStream(
  ctx: AppContext,
  user: UsersTable,
  id: string,
): Promise<{ duration: number; tokens_earned: number }> {
  await ownStream(ctx.db, id, user);
  const { duration } = await endStream(ctx, id);
  const earned = (await earnedByRef(ctx.db, earningKinds, [id])).get(id) ?? 0;
  return { duration, tokens_earned: microToTokens(earned) };
}

// ---- what the ingest reports ----

/** The stream a publisher's key opens, unless it has ended. */
export async function streamForKey(ctx: AppContext, key: string): Promise<repo.StreamRow | undefined> {
  const row = await repo.findStreamByKeyHash(ctx.db, hashToken(key));
  return row && row.status !== 'ended' ? row : undefined;
}

export async function noteIngest(
  ctx: AppContext,
  id: string,
  fields: { live_path?: string; thumbnail_cid?: string } = {},
): Promise<void> {
  await repo.setLastIngest(ctx.db, id, fields, ctx.clock.iso());
}

/** The video stopped arriving: interrupted, and ended by the sweeper unless it comes back in time. */
export async function markInterrupted(ctx: AppContext, id: string): Promise<void> {
  await repo.setInterrupted(ctx.db, id, ctx.clock.iso());
  ctx.readCache.invalidate(['streams']);
}

export async function recordViewers(ctx: AppContext, id: string, count: number): Promise<void> {
  await repo.setViewers(ctx.db, id, count);
}

export async function setRecording(
  ctx: AppContext,
  db: Executor,
  id: string,
  cid: string,
  durationMs: number,
): Promise<void> {
  await repo.setRecording(db, id, { cid, durationMs }, ctx.clock.iso());
}

/** An ingest reports every 5 s; a live stream not heard of for this long lost its ingest node. */
const SILENT_AFTER_MS = 30_000;

/**
 * Ends streams whose ingest dropped more than `graceMs` ago, dated to the drop, and live streams
 * whose ingest node went silent (crashed) for longer than that and SILENT_AFTER_MS.
 */
export async function sweepStreams(ctx: AppContext, graceMs: number): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - graceMs).toISOString();
  const silentBefore = new Date(ctx.clock.now().getTime() - Math.max(graceMs, SILENT_AFTER_MS)).toISOString();
  let ended = 0;
  for (const { id, interrupted_at } of await repo.listInterruptedSince(ctx.db, before)) {
    if ((await endStream(ctx, id, interrupted_at ?? undefined)).ended) ended++;
  }
  for (const { id, last_ingest_at } of await repo.listSilentSince(ctx.db, silentBefore)) {
    if ((await endStream(ctx, id, last_ingest_at ?? undefined)).ended) ended++;
  }
  return ended;
}
