import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PendingEarningsTable, ViewerEarningEventsTable, ViewingSessionsTable } from './viewing.tables.ts';
import { firstRow, preparedQuery } from '../../db/prepared-query.ts';

// ── watch sessions ─────────────────────────────────────────────────────────

export async function insertSession(db: Executor, row: ViewingSessionsTable): Promise<void> {
  await db.insertInto('viewing_sessions').values(row).execute();
}

export const findSession = (db: Executor, id: string) =>
  db.selectFrom('viewing_sessions').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Saves a heartbeat's result only if no other heartbeat of the session was saved since this one read
 * it: two beats sent at once cannot both credit the same stretch of time.
 */
export async function updateSessionIfUnchanged(
  db: Executor,
  id: string,
  readLastBeatAt: string,
  changes: Pick<
    ViewingSessionsTable,
    'position_ms' | 'last_beat_at' | 'watched_ms' | 'covered' | 'covered_ms' | 'qualified_at'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('viewing_sessions')
    .set(changes)
    .where('id', '=', id)
    .where('last_beat_at', '=', readLastBeatAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Qualified watches of a creator's videos by other people. */
export async function countQualifiedWatchesOf(db: Executor, creatorId: string): Promise<number> {
  const row = await db
    .selectFrom('viewing_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creator_id', '=', creatorId)
    .where('user_id', '<>', creatorId)
    .where('qualified_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasQualifiedWatch(db: Executor, userId: string, videoId: string): Promise<boolean> {
  const row = await db
    .selectFrom('viewing_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .where('qualified_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The last reported position of the viewer's newest session of a video that heard a heartbeat (a session
 * only opened, as a reloaded page's is, has its last beat at its opening and says nothing yet), and
 * heard it after `since` when given (the viewer cleared their history then).
 */
export async function lastPosition(
  db: Executor,
  userId: string,
  videoId: string,
  since?: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('viewing_sessions')
    .select('position_ms')
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .whereRef('last_beat_at', '>', 'created_at')
    .$if(since !== undefined, (q) => q.where('last_beat_at', '>', since!))
    .orderBy('last_beat_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.position_ms;
}

/** A viewer's sessions, newest first, with the video's current title. */
export const listSessions = (db: Executor, userId: string, limit: number) =>
  db
    .selectFrom('viewing_sessions as s')
    .leftJoin('videos as v', 'v.id', 's.video_id')
    .select([
      's.id',
      's.video_id',
      's.duration_ms',
      's.watched_ms',
      's.covered_ms',
      's.qualified_at',
      's.created_at',
      'v.title as video_title',
    ])
    .where('s.user_id', '=', userId)
    // a session opens when a player is shown; it belongs in the history once something played
    .where((eb) => eb.or([eb('s.position_ms', '>', 0), eb('s.watched_ms', '>', 0)]))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();

export async function watchTotals(db: Executor, userId: string): Promise<{ qualified: number; watchedMs: number }> {
  const row = await db
    .selectFrom('viewing_sessions')
    .select((eb) => [
      eb.fn.count<number>('qualified_at').as('qualified'),
      eb.fn.coalesce(eb.fn.sum<number>('watched_ms'), sql<number>`0`).as('watched'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { qualified: Number(row.qualified), watchedMs: Number(row.watched) };
}

// ── earning events and daily counters ──────────────────────────────────────

/** true when this call recorded the event: every event key counts once, ever. */
export async function claimEvent(db: Executor, event: ViewerEarningEventsTable): Promise<boolean> {
  return (await insertEvent(db, event.key, event.user_id, event.category, event.created_at)).rows.length === 1;
}

// Every reward and every engagement runs these: built once.
const insertEvent = preparedQuery(
  (db, key: string, user_id: string, category: ViewerEarningEventsTable['category'], created_at: string) =>
    db
      .insertInto('viewer_earning_events')
      .values({ key, user_id, category, created_at })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key'),
);

export async function countEvents(
  db: Executor,
  userId: string,
  category: ViewerEarningEventsTable['category'],
): Promise<number> {
  const row = await db
    .selectFrom('viewer_earning_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('category', '=', category)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds up to `amount` to a per-user daily counter without passing `limit`, and returns what was
 * added (0 when the limit is reached). A compare-and-set on the value: when another transaction
 * moved it first, the update matches nothing and the loop reads the new value.
 */
export async function addWithinLimit(
  db: Executor,
  userId: string,
  day: string,
  counter: string,
  amount: number,
  limit: number,
): Promise<number> {
  for (;;) {
    const row = firstRow(await counterQuery(db, userId, day, counter));
    if (!row) {
      // the day's first: make the row, then compare-and-set it like any other
      await openCounter(db, userId, day, counter);
      continue;
    }
    const current = Number(row.value);
    const grant = Math.min(amount, limit - current);
    if (grant <= 0) return 0;
    if (Number((await setCounter(db, userId, day, counter, current, current + grant)).numAffectedRows) === 1)
      return grant;
  }
}

const openCounter = preparedQuery((db, user_id: string, day: string, counter: string) =>
  db
    .insertInto('viewer_daily_counters')
    .values({ user_id, day, counter, value: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'day', 'counter']).doNothing()),
);

const setCounter = preparedQuery((db, userId: string, day: string, counter: string, current: number, value: number) =>
  db
    .updateTable('viewer_daily_counters')
    .set({ value })
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('counter', '=', counter)
    .where('value', '=', current),
);

const counterQuery = preparedQuery((db, userId: string, day: string, counter: string) =>
  db
    .selectFrom('viewer_daily_counters')
    .select('value')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('counter', '=', counter),
);

export async function counterValue(db: Executor, userId: string, day: string, counter: string): Promise<number> {
  const row = firstRow(await counterQuery(db, userId, day, counter));
  return row ? Number(row.value) : 0;
}

// ── earnings waiting for funds ─────────────────────────────────────────────

// a reward its pool cannot pay yet waits here: built once
const insertPendingRow = preparedQuery(
  (
    db,
    event_key: string,
    user_id: string,
    category: PendingEarningsTable['category'],
    ref: string,
    amount: number,
    created_at: string,
  ) => db.insertInto('pending_earnings').values({ event_key, user_id, category, ref, amount, created_at }),
);

export async function insertPending(db: Executor, row: PendingEarningsTable): Promise<void> {
  await insertPendingRow(db, row.event_key, row.user_id, row.category, row.ref, row.amount, row.created_at);
}

/** The oldest earnings still owed from these pools' categories, first come first paid. */
export const oldestPending = (db: Executor, categories: PendingEarningsTable['category'][], limit: number) =>
  db
    .selectFrom('pending_earnings')
    .selectAll()
    .where('category', 'in', categories)
    .orderBy('created_at')
    .orderBy('event_key')
    .limit(limit)
    .execute();

/** Lowers what is owed for an event by `paid` (gone at zero); false when another call changed it first. */
export async function reducePending(db: Executor, eventKey: string, owed: number, paid: number): Promise<boolean> {
  const result =
    paid >= owed
      ? await db
          .deleteFrom('pending_earnings')
          .where('event_key', '=', eventKey)
          .where('amount', '=', owed)
          .executeTakeFirst()
      : await db
          .updateTable('pending_earnings')
          .set({ amount: owed - paid })
          .where('event_key', '=', eventKey)
          .where('amount', '=', owed)
          .executeTakeFirst();
  return Number('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows) === 1;
}

export async function pendingTotal(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('pending_earnings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// ── ratings ────────────────────────────────────────────────────────────────

export async function upsertRating(
  db: Executor,
  videoId: string,
  userId: string,
  stars: number,
  at: string,
): Promise<void> {
  await db
    .insertInto('video_ratings')
    .values({ video_id: videoId, user_id: userId, stars, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['video_id', 'user_id']).doUpdateSet({ stars, updated_at: at }))
    .execute();
}

export async function ratingSummary(db: Executor, videoId: string): Promise<{ average: number; count: number }> {
  const row = await db
    .selectFrom('video_ratings')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.avg<number>('stars'), sql<number>`0`).as('average'),
    ])
    .where('video_id', '=', videoId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), average: Number(row.average) };
}

export async function ratingBy(db: Executor, videoId: string, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('video_ratings')
    .select('stars')
    .where('video_id', '=', videoId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.stars) : null;
}

export async function countRatingsBy(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('video_ratings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ── referrals ──────────────────────────────────────────────────────────────

export const referralCodeOf = async (db: Executor, userId: string): Promise<string | undefined> =>
  (await db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).executeTakeFirst())?.code;

/** true when this code was stored for the user; false when the user or the code already has one. */
export async function insertReferralCode(db: Executor, userId: string, code: string, at: string): Promise<boolean> {
  const row = await db
    .insertInto('referral_codes')
    .values({ user_id: userId, code, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

export const ownerOfCode = async (db: Executor, code: string): Promise<string | undefined> =>
  (await db.selectFrom('referral_codes').select('user_id').where('code', '=', code).executeTakeFirst())?.user_id;

export async function insertReferral(
  db: Executor,
  referredUserId: string,
  referrerUserId: string,
  at: string,
): Promise<boolean> {
  const row = await db
    .insertInto('referrals')
    .values({ referred_user_id: referredUserId, referrer_user_id: referrerUserId, created_at: at, rewarded_at: null })
    .onConflict((oc) => oc.column('referred_user_id').doNothing())
    .returning('referred_user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export const findReferral = (db: Executor, referredUserId: string) =>
  db.selectFrom('referrals').selectAll().where('referred_user_id', '=', referredUserId).executeTakeFirst();

/** Marks the referral rewarded; true only for the one call that did it. */
export async function markReferralRewarded(db: Executor, referredUserId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('referrals')
    .set({ rewarded_at: at })
    .where('referred_user_id', '=', referredUserId)
    .where('rewarded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countReferrals(db: Executor, referrerUserId: string): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referrer_user_id', '=', referrerUserId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
