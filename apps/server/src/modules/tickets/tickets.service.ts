import { isStaff, type Ticket, type TicketCategory, type TicketStats, type TicketStatus } from '@app/shared';
import { getAddress } from 'viem';
import type { z } from 'zod';
import type { TicketCreateSchema, TicketListQuerySchema, TicketReplySchema, TicketUpdateSchema } from '@app/shared';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as users from '../users/users.repository.ts';
import { recordEngagement } from '../viewing/rewards.service.ts';
import { presentReply, presentTicket } from './tickets.presenter.ts';
import * as repo from './tickets.repository.ts';
import { writeTransaction } from '../../db/group-commit.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const NOT_YOUR_TICKET = 'You do not have permission to view this ticket';
export const STAFF_ONLY = "You don't have permission to access this page.";
export const TICKET_CLOSED = 'This ticket has been closed. If you need further assistance, please create a new ticket.';
const FINISHED: TicketStatus[] = ['resolved', 'closed'];
/** 'Report content' (migration 0005): a report earns the reporter moderation earnings. */
export const REPORT_CATEGORY = 6;

export const listCategories = (ctx: AppContext): Promise<TicketCategory[]> => repo.categories(ctx.db);

export async function createTicket(
  ctx: AppContext,
  user: UsersTable,
  input: z.infer<typeof TicketCreateSchema>,
): Promise<Ticket> {
  if (!(await repo.categoryExists(ctx.db, input.category_id)))
    throw badRequest('Please choose a category', { code: 'category_required', field: 'category_id' });
  const at = ctx.clock.iso();
  const id = newId();
  const contact = input.user_email ?? user.email;
  // Ticket numbers are sequential; two tickets created at once race for a number and the loser takes the next.
  for (let attempt = 0; ; attempt++) {
    try {
      await writeTransaction(ctx.db, async (trx) => {
        await repo.insertTicket(trx, {
          id,
          number: await repo.nextNumber(trx),
          user_id: user.id,
          title: input.title,
          description: input.description,
          category_id: input.category_id,
          priority: input.priority,
          status: 'open',
          user_email: contact,
          // Any address can be typed into the form: only the account's own, proven address is verified.
          contact_email_verified: contact !== null && contact === user.email && user.email_verified_at !== null ? 1 : 0,
          assigned_to: null,
          created_at: at,
          updated_at: at,
          resolved_at: null,
        });
        if (input.category_id === REPORT_CATEGORY)
          await recordEngagement(ctx, { userId: user.id, kind: 'report', ref: id }, trx);
      });
      break;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 10) throw err;
    }
  }
  return presentTicket((await repo.findTicket(ctx.db, id))!);
}

export async function listTickets(
  ctx: AppContext,
  user: UsersTable,
  query: z.infer<typeof TicketListQuerySchema>,
): Promise<Ticket[]> {
  const rows = await repo.listTickets(ctx.db, { ...query, userId: isStaff(user.role) ? undefined : user.id });
  return rows.map((r) => presentTicket(r));
}

/** The ticket if this user may see it: its owner or staff. */
async function accessible(db: Executor, user: UsersTable, id: string): Promise<repo.TicketRow> {
  const row = await repo.findTicket(db, id);
  if (!row) throw notFound(TICKET_NOT_FOUND, { code: 'ticket_not_found' });
  if (row.user_id !== user.id && !isStaff(user.role)) throw forbidden(NOT_YOUR_TICKET, { code: 'not_your_ticket' });
  return row;
}

export async function getTicket(ctx: AppContext, user: UsersTable, id: string): Promise<Ticket> {
  const row = await accessible(ctx.db, user, id);
  // Internal notes are for staff only, never for the ticket's owner.
  const replies = (await repo.listReplies(ctx.db, id, isStaff(user.role))).map(presentReply);
  return presentTicket(row, replies);
}

export async function replyToTicket(
  ctx: AppContext,
  user: UsersTable,
  id: string,
  input: z.infer<typeof TicketReplySchema>,
): Promise<Ticket> {
  const staff = isStaff(user.role);
  const row = await accessible(ctx.db, user, id);
  if (input.is_internal && !staff) throw forbidden('Only staff can write internal notes', { code: 'staff_only' });
  if (row.status === 'closed' && !staff) throw conflict(TICKET_CLOSED, { code: 'ticket_closed' });
  const at = ctx.clock.iso();
  await writeTransaction(ctx.db, async (trx) => {
    await repo.insertReply(trx, {
      id: newId(),
      ticket_id: id,
      user_id: user.id,
      message: input.message,
      is_admin: staff ? 1 : 0,
      is_internal: input.is_internal ? 1 : 0,
      created_at: at,
    });
    await repo.updateTicket(trx, id, { updated_at: at });
    if (staff) await audit(ctx, trx, id, user, input.is_internal ? 'internal_note' : 'reply', {});
  });
  // the owner hears of staff answers, never of internal notes (nor of their own replies)
  if (staff && !input.is_internal && row.user_id !== user.id)
    await notify(ctx, row.user_id, { kind: 'ticket_reply', payload: { ticket_id: id, ticket_title: row.title } });
  return getTicket(ctx, user, id);
}

export async function updateTicket(
  ctx: AppContext,
  user: UsersTable,
  id: string,
  input: z.infer<typeof TicketUpdateSchema>,
): Promise<Ticket> {
  if (!isStaff(user.role)) throw forbidden(STAFF_ONLY, { code: 'staff_only' });
  const row = await accessible(ctx.db, user, id);
  let assignee: UsersTable | undefined;
  if (input.assigned_to) {
    assignee = await users.findByWallet(ctx.db, getAddress(input.assigned_to.toLowerCase()));
    if (!assignee || !isStaff(assignee.role))
      throw badRequest('Tickets can only be assigned to staff', { code: 'assignee_not_staff', field: 'assigned_to' });
  }
  const at = ctx.clock.iso();
  await writeTransaction(ctx.db, async (trx) => {
    if (input.status && input.status !== row.status) {
      const finished = FINISHED.includes(input.status);
      await repo.updateTicket(trx, id, {
        status: input.status,
        updated_at: at,
        resolved_at: finished ? (row.resolved_at ?? at) : null,
      });
      await audit(ctx, trx, id, user, 'status', { from: row.status, to: input.status });
    }
    if (input.assigned_to !== undefined) {
      await repo.updateTicket(trx, id, { assigned_to: assignee?.id ?? null, updated_at: at });
      await audit(ctx, trx, id, user, 'assign', { to: assignee?.wallet_address ?? null });
    }
  });
  return getTicket(ctx, user, id);
}

export async function ticketStats(ctx: AppContext, user: UsersTable): Promise<TicketStats> {
  if (!isStaff(user.role)) throw forbidden(STAFF_ONLY, { code: 'staff_only' });
  const counts = new Map((await repo.statusCounts(ctx.db)).map((r) => [r.status, Number(r.n)]));
  const spans = await repo.resolvedSpans(ctx.db);
  const hours = spans.map((s) => (Date.parse(s.resolved_at!) - Date.parse(s.created_at)) / 3_600_000);
  return {
    total_tickets: [...counts.values()].reduce((a, b) => a + b, 0),
    open_tickets: counts.get('open') ?? 0,
    in_progress_tickets: counts.get('in_progress') ?? 0,
    avg_resolution_time: hours.length ? Math.round((hours.reduce((a, b) => a + b, 0) / hours.length) * 10) / 10 : 0,
  };
}

function audit(ctx: AppContext, db: Executor, ticketId: string, actor: UsersTable, action: string, detail: object) {
  return repo.insertAudit(db, {
    id: newId(16),
    ticket_id: ticketId,
    actor_id: actor.id,
    action,
    detail: JSON.stringify(detail),
    created_at: ctx.clock.iso(),
  });
}
