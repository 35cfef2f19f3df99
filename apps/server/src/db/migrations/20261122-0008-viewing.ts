import { type Kysely, sql } from 'kysely';

const CATEGORIES = ['watch_time', 'engagement', 'discovery', 'quality_feedback', 'moderation', 'referral'];

/**
 * Rupees join the ledger: every account and entry carries a currency (existing ones are tokens), and
 * the rupee accounts every install needs are opened. Then the tables of watch sessions, viewer
 * earnings, ratings, referrals and payouts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const currency = sql`currency in ('TOKEN', 'INR')`;
  await db.schema
    .alterTable('ledger_accounts')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('TOKEN').check(currency))
    .execute();
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('TOKEN').check(currency))
    .execute();
  const at = new Date().toISOString();
  const accounts: Array<[string, 'user' | 'system']> = [
    ['system:inr:gateway', 'system'],
    ['system:inr:pool:creators', 'system'],
    ...CATEGORIES.map((c): [string, 'system'] => [`system:inr:pool:${c}`, 'system']),
    ['inr:platform', 'user'],
    ['inr:ad-clearing', 'user'],
    ['inr:payouts-pending', 'user'],
  ];
  for (const [id, kind] of accounts) {
    await sql`insert into ledger_accounts (id, kind, user_id, currency, balance, created_at) values (${id}, ${kind}, null, 'INR', 0, ${at})`.execute(
      db,
    );
  }

  // One row per time the player opened a video. Times are the server's own; covered holds the
  // merged [start, end] millisecond ranges of the video that were credited.
  await db.schema
    .createTable('viewing_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('position_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_beat_at', 'text', (c) => c.notNull())
    .addColumn('watched_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('covered', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('covered_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qualified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('viewing_sessions_duration_check', sql`duration_ms > 0`)
    .execute();
  await db.schema
    .createIndex('viewing_sessions_user_idx')
    .on('viewing_sessions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('viewing_sessions_creator_idx')
    .on('viewing_sessions')
    .columns(['creator_id', 'qualified_at'])
    .execute();

  // Every earning event once (its key), whether or not the daily limits still let it pay.
  await db.schema
    .createTable('viewer_earning_events')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('viewer_earning_events_user_idx')
    .on('viewer_earning_events')
    .columns(['user_id', 'category'])
    .execute();

  // Per user and UTC day: paise earned (the daily cap) and events per kind (the daily limits).
  await db.schema
    .createTable('viewer_daily_counters')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('viewer_daily_counters_pk', ['user_id', 'day', 'counter'])
    .execute();

  await db.schema
    .createTable('video_ratings')
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_ratings_pk', ['video_id', 'user_id'])
    .addCheckConstraint('video_ratings_stars_check', sql`stars between 1 and 5`)
    .execute();
  await db.schema.createIndex('video_ratings_user_idx').on('video_ratings').column('user_id').execute();

  await db.schema
    .createTable('referral_codes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('referrals')
    .addColumn('referred_user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('referrer_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rewarded_at', 'text')
    .addCheckConstraint('referrals_not_self_check', sql`referred_user_id <> referrer_user_id`)
    .execute();
  await db.schema.createIndex('referrals_referrer_idx').on('referrals').column('referrer_user_id').execute();

  // Bank or UPI details are kept only encrypted (AES-256-GCM, key outside the database) plus a
  // masked copy for display.
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('details_sealed', 'text', (c) => c.notNull())
    .addColumn('details_masked', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id'))
    .addCheckConstraint('payouts_amount_check', sql`amount > 0`)
    .addCheckConstraint('payouts_method_check', sql`method in ('bank_transfer', 'upi')`)
    .addCheckConstraint('payouts_status_check', sql`status in ('pending', 'paid', 'rejected')`)
    .execute();
  await db.schema.createIndex('payouts_user_idx').on('payouts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payouts_status_idx').on('payouts').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'payouts',
    'referrals',
    'referral_codes',
    'video_ratings',
    'viewer_daily_counters',
    'viewer_earning_events',
    'viewing_sessions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`delete from ledger_accounts where currency = 'INR'`.execute(db);
  await db.schema.alterTable('ledger_entries').dropColumn('currency').execute();
  await db.schema.alterTable('ledger_accounts').dropColumn('currency').execute();
}
