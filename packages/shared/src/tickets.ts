import { z } from 'zod';
import { EmailSchema } from './auth.ts';

export const TicketStatuses = ['open', 'in_progress', 'waiting_for_response', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TicketStatuses)[number];
export const TicketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TicketPriorities)[number];

export const TicketLimits = { titleMax: 150, descriptionMax: 5000, replyMax: 5000, searchMax: 100 } as const;

const optionalEmail = z.preprocess((v) => (v === '' || v === null ? undefined : v), EmailSchema.optional());

export const TicketCreateSchema = z.object({
  title: z
    .string({ error: 'Please enter a subject' })
    .trim()
    .min(1, 'Please enter a subject')
    .max(TicketLimits.titleMax),
  description: z
    .string({ error: 'Please describe the problem' })
    .trim()
    .min(1, 'Please describe the problem')
    .max(TicketLimits.descriptionMax),
  category_id: z.coerce
    .number({ error: 'Please choose a category' })
    .int()
    .refine((id) => id > 0, { error: 'Please choose a category', params: { code: 'category_required' } }),
  priority: z.enum(TicketPriorities).default('medium'),
  user_email: optionalEmail,
});

export const TicketListQuerySchema = z.object({
  status: z.enum(TicketStatuses).optional(),
  priority: z.enum(TicketPriorities).optional(),
  category_id: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(TicketLimits.searchMax).optional(),
});

export const TicketReplySchema = z.object({
  message: z.string({ error: 'Please write a reply' }).trim().min(1, 'Please write a reply').max(TicketLimits.replyMax),
  is_internal: z.boolean().default(false),
});

export const TicketUpdateSchema = z
  .object({
    status: z.enum(TicketStatuses).optional(),
    /** a staff member's wallet address; null unassigns */
    assigned_to: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'assigned_to must be a wallet address')
      .nullable()
      .optional(),
  })
  .refine(
    (v) => v.status !== undefined || v.assigned_to !== undefined,
    'Nothing to update: send status or assigned_to',
  );

export interface TicketReply {
  id: string;
  message: string;
  is_admin: boolean;
  is_internal: boolean;
  username: string;
  created_at: string;
}

export interface Ticket {
  id: string;
  ticket_number: string;
  title: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  category_id: number;
  category_name: string;
  /** translated on the client as help.ticketCategories.<slug>; category_name is the English fallback */
  category_slug: string;
  created_at: string;
  updated_at: string;
  user_email: string | null;
  /** false: the address was typed in and nobody proved it belongs to the ticket's owner (staff: do not trust it) */
  contact_email_verified: boolean;
  user_wallet: string | null;
  username: string;
  assigned_to: string | null;
  assigned_admin_name: string | null;
  replies?: TicketReply[];
}

export interface TicketCategory {
  id: number;
  name: string;
  icon: string;
  slug: string;
}

export interface TicketStats {
  total_tickets: number;
  open_tickets: number;
  in_progress_tickets: number;
  avg_resolution_time: number;
}

export const ticketNumber = (n: number): string => `TKT-${String(n).padStart(6, '0')}`;
