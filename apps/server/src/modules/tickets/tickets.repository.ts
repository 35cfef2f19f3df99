import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { TicketAuditTable, TicketRepliesTable, TicketsTable } from './tickets.tables.ts';

export interface TicketFilters {
  userId?: string;
  status?: string;
  priority?: string;
  category_id?: number;
  search?: string;
}

/** A ticket with the names the API shows next to it. */
const withNames = (db: Executor) =>
  db
    .selectFrom('tickets as t')
    .innerJoin('users as owner', 'owner.id', 't.user_id')
    .innerJoin('ticket_categories as c', 'c.id', 't.category_id')
    .leftJoin('users as staff', 'staff.id', 't.assigned_to')
    .selectAll('t')
    .select([
      'owner.username as username',
      'owner.wallet_address as user_wallet',
      'c.name as category_name',
      'c.slug as category_slug',
      'staff.wallet_address as assigned_wallet',
      'staff.username as assigned_admin_name',
    ]);

export type TicketRow = Awaited<ReturnType<typeof findTicket>> & object;

export const findTicket = (db: Executor, id: string) => withNames(db).where('t.id', '=', id).executeTakeFirst();

export function listTickets(db: Executor, f: TicketFilters) {
  let q = withNames(db);
  if (f.userId) q = q.where('t.user_id', '=', f.userId);
  if (f.status) q = q.where('t.status', '=', f.status as TicketsTable['status']);
  if (f.priority) q = q.where('t.priority', '=', f.priority as TicketsTable['priority']);
  if (f.category_id) q = q.where('t.category_id', '=', f.category_id);
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    const match = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`;
    const number = /^(?:TKT-?)?(\d{1,9})$/i.exec(f.search)?.[1];
    q = q.where((eb) =>
      eb.or([
        match('t.title'),
        match('t.description'),
        match('owner.username'),
        ...(number ? [eb('t.number', '=', Number(number))] : []),
      ]),
    );
  }
  return q.orderBy('t.created_at', 'desc').orderBy('t.number', 'desc').limit(500).execute();
}

export const categories = (db: Executor) => db.selectFrom('ticket_categories').selectAll().orderBy('id').execute();

export const categoryExists = async (db: Executor, id: number) =>
  (await db.selectFrom('ticket_categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export async function nextNumber(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.max('number').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export const insertTicket = (db: Executor, row: TicketsTable) => db.insertInto('tickets').values(row).execute();

export const updateTicket = (db: Executor, id: string, patch: Partial<TicketsTable>) =>
  db.updateTable('tickets').set(patch).where('id', '=', id).execute();

export const insertReply = (db: Executor, row: TicketRepliesTable) =>
  db.insertInto('ticket_replies').values(row).execute();

export function listReplies(db: Executor, ticketId: string, includeInternal: boolean) {
  let q = db
    .selectFrom('ticket_replies as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.message', 'r.is_admin', 'r.is_internal', 'r.created_at', 'u.username'])
    .where('r.ticket_id', '=', ticketId);
  if (!includeInternal) q = q.where('r.is_internal', '=', 0);
  return q.orderBy('r.created_at').orderBy('r.id').execute();
}

export const insertAudit = (db: Executor, row: TicketAuditTable) => db.insertInto('ticket_audit').values(row).execute();

export function statusCounts(db: Executor) {
  return db
    .selectFrom('tickets')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
}

export const resolvedSpans = (db: Executor) =>
  db.selectFrom('tickets').select(['created_at', 'resolved_at']).where('resolved_at', 'is not', null).execute();

/** The contact addresses given with a user's tickets (the account is being deleted); the conversation stays. */
export async function forgetContactEmails(db: Executor, userId: string, at: string): Promise<void> {
  await db
    .updateTable('tickets')
    .set({ user_email: null, contact_email_verified: 0, updated_at: at })
    .where('user_id', '=', userId)
    .execute();
}
