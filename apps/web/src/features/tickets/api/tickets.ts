import type { Ticket, TicketCategory, TicketStats } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { api, ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';

export interface TicketFilters {
  status?: string;
  priority?: string;
  category_id?: string;
  search?: string;
}

const qs = (f: TicketFilters) => {
  const p = new URLSearchParams(Object.entries(f).filter(([, v]) => v) as Array<[string, string]>);
  return p.size ? `?${p}` : '';
};

export const useCategories = () =>
  useQuery({
    queryKey: ['tickets', 'categories'],
    queryFn: () => api<{ categories: TicketCategory[] }>('/api/tickets/categories').then((r) => r.categories),
    staleTime: Infinity,
  });

export const useTickets = (filters: TicketFilters, enabled = true) =>
  useQuery({
    queryKey: ['tickets', 'list', filters],
    queryFn: () => api<{ tickets: Ticket[] }>(`/api/tickets${qs(filters)}`).then((r) => r.tickets),
    enabled,
  });

export const useTicketStats = (enabled: boolean) =>
  useQuery({ queryKey: ['tickets', 'stats'], queryFn: () => api<TicketStats>('/api/tickets/stats'), enabled });

export const useTicket = (id: string | undefined) =>
  useQuery({
    queryKey: ['tickets', 'one', id],
    queryFn: () => api<Ticket>(`/api/tickets/${id}`),
    enabled: !!id,
    retry: false,
  });

/** A ticket category in the reader's language; the server's English name when the slug is unknown. */
export const ticketCategoryName = (category: { slug: string; name: string }): string =>
  i18next.t(`help.ticketCategories.${category.slug}`, { defaultValue: category.name });

/** The spec's texts: 404, 403, other failures, and a network error (no HTTP status at all). */
export function ticketErrorText(err: unknown, fallbackKey: string): string {
  if (err instanceof ApiError) {
    if (err.status === 404) return i18next.t('help.errors.notFound');
    if (err.status === 403) return i18next.t('help.errors.forbidden');
    if (err.status === 0) return i18next.t('help.errors.network');
    return errorText(err, fallbackKey);
  }
  return i18next.t('help.errors.network');
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      title: string;
      description: string;
      category_id: number;
      priority: string;
      user_email?: string;
    }) => api<Ticket>('/api/tickets', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

/** A change to one ticket: the answer replaces the cached ticket, and lists and counts are read again. */
function useTicketMutation<V>(id: string, mutationFn: (vars: V) => Promise<Ticket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (ticket) => {
      queryClient.setQueryData(['tickets', 'one', id], ticket);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['tickets', 'stats'] }),
      ]);
    },
  });
}

export const useReplyToTicket = (id: string) =>
  useTicketMutation(id, ({ message, isInternal }: { message: string; isInternal: boolean }) =>
    api<Ticket>(`/api/tickets/${id}/replies`, { body: { message, is_internal: isInternal } }),
  );

export const useUpdateTicket = (id: string) =>
  useTicketMutation(id, (body: { status?: string; assigned_to?: string | null }) =>
    api<Ticket>(`/api/tickets/${id}`, { method: 'PUT', body }),
  );
