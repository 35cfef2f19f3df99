import { type Kysely, sql } from 'kysely';

/** Advertiser accounts, their payments in, campaigns, and the hourly windows of counted ad events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('advertisers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text')
    .addColumn('account_status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('verification_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('advertiser_funds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('advertiser_funds_amount_check', sql`amount > 0`)
    .addUniqueConstraint('advertiser_funds_provider_ref_unique', ['provider', 'provider_ref'])
    .execute();
  await db.schema
    .createIndex('advertiser_funds_advertiser_idx')
    .on('advertiser_funds')
    .columns(['advertiser_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_category', 'text', (c) => c.notNull())
    .addColumn('landing_url', 'text')
    .addColumn('budget', 'bigint', (c) => c.notNull())
    .addColumn('daily_budget', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spend_day', 'text')
    .addColumn('spent_today', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addCheckConstraint('campaigns_status_check', sql`status in ('active', 'paused', 'completed', 'cancelled')`)
    .addCheckConstraint('campaigns_budget_check', sql`budget > 0 and daily_budget > 0 and daily_budget <= budget`)
    // The daily budget holds in SQL as well as in the conditional update that charges it.
    .addCheckConstraint('campaigns_spent_today_check', sql`spent_today >= 0 and spent_today <= daily_budget`)
    .execute();
  await db.schema
    .createIndex('campaigns_advertiser_idx')
    .on('campaigns')
    .columns(['advertiser_id', 'created_at'])
    .execute();
  await db.schema.createIndex('campaigns_status_idx').on('campaigns').columns(['status', 'target_category']).execute();

  await db.schema
    .createTable('ad_event_windows')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ad_event_windows_pk', ['campaign_id', 'viewer_key', 'kind'])
    .addCheckConstraint('ad_event_windows_kind_check', sql`kind in ('impression', 'click')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ad_event_windows', 'campaigns', 'advertiser_funds', 'advertisers'])
    await db.schema.dropTable(table).execute();
}
