import type { TicketPriority, TicketStatus } from '@app/shared';

export interface TicketCategoriesTable {
  id: number;
  name: string;
  icon: string;
  /** the translation key's last part; `name` is the English fallback */
  slug: string;
}

export interface TicketsTable {
  id: string;
  number: number;
  user_id: string;
  title: string;
  description: string;
  category_id: number;
  priority: TicketPriority;
  status: TicketStatus;
  /** the contact address given with the ticket (the account's address when none was) */
  user_email: string | null;
  /** 0 or 1: whether user_email is proven to belong to the ticket's owner */
  contact_email_verified: number;
  assigned_to: string | null;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
}

export interface TicketRepliesTable {
  id: string;
  ticket_id: string;
  user_id: string;
  message: string;
  /** 0 or 1 */
  is_admin: number;
  /** 0 or 1 */
  is_internal: number;
  created_at: string;
}

export interface TicketAuditTable {
  id: string;
  ticket_id: string;
  actor_id: string;
  action: string;
  /** JSON */
  detail: string;
  created_at: string;
}
