import { type Kysely, sql } from 'kysely';

/** Categories the help centre starts with; the ticket form and the static pages' links refer to them by id. */
const CATEGORIES: Array<[number, string, string]> = [
  [1, 'Account & sign-in', '🔐'],
  [2, 'Payments & earnings', '💰'],
  [3, 'Uploads & videos', '🎬'],
  [4, 'Live streaming', '📡'],
  [5, 'Creator support', '⭐'],
  [6, 'Report content', '🚩'],
  [7, 'Feedback', '💬'],
  [8, 'Feature request', '💡'],
  [9, 'Emergency', '🚨'],
  [10, 'Other', '❓'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ticket_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .execute();
  for (const [id, name, icon] of CATEGORIES) {
    await sql`insert into ticket_categories (id, name, icon) values (${id}, ${name}, ${icon})`.execute(db);
  }

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('ticket_categories.id'))
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text')
    .addColumn('assigned_to', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addCheckConstraint(
      'tickets_status_check',
      sql`status in ('open', 'in_progress', 'waiting_for_response', 'resolved', 'closed')`,
    )
    .addCheckConstraint('tickets_priority_check', sql`priority in ('low', 'medium', 'high', 'urgent')`)
    .execute();
  await db.schema.createIndex('tickets_user_idx').on('tickets').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('tickets_status_idx').on('tickets').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('ticket_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('message', 'text', (c) => c.notNull())
    // 0/1 integers: one representation for both dialects (better-sqlite3 binds no booleans)
    .addColumn('is_admin', 'integer', (c) => c.notNull())
    .addColumn('is_internal', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_replies_ticket_idx')
    .on('ticket_replies')
    .columns(['ticket_id', 'created_at'])
    .execute();

  // Append-only: every staff action on a ticket, for accountability.
  await db.schema
    .createTable('ticket_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_audit_ticket_idx').on('ticket_audit').column('ticket_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ticket_audit', 'ticket_replies', 'tickets', 'ticket_categories'])
    await db.schema.dropTable(table).execute();
}
