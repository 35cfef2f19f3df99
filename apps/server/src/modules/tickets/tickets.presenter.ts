import { ticketNumber, type Ticket, type TicketReply } from '@app/shared';
import type { TicketRow } from './tickets.repository.ts';

export function presentTicket(row: TicketRow, replies?: TicketReply[]): Ticket {
  return {
    id: row.id,
    ticket_number: ticketNumber(row.number),
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    category_id: row.category_id,
    category_name: row.category_name,
    category_slug: row.category_slug,
    created_at: row.created_at,
    updated_at: row.updated_at,
    user_email: row.user_email,
    contact_email_verified: Boolean(row.contact_email_verified),
    user_wallet: row.user_wallet,
    username: row.username,
    assigned_to: row.assigned_wallet,
    assigned_admin_name: row.assigned_admin_name,
    ...(replies ? { replies } : {}),
  };
}

/** SQLite hands booleans back as 0/1. */
export const presentReply = (r: {
  id: string;
  message: string;
  is_admin: unknown;
  is_internal: unknown;
  username: string;
  created_at: string;
}): TicketReply => ({
  id: r.id,
  message: r.message,
  is_admin: Boolean(r.is_admin),
  is_internal: Boolean(r.is_internal),
  username: r.username,
  created_at: r.created_at,
});
