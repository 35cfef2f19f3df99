import {
  NotificationLimits,
  type Notification,
  type NotificationList,
  type NotificationPreferences,
} from '@app/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const LATEST = ['notifications', 'latest'] as const;
const PAGES = ['notifications', 'pages'] as const;
const PREFERENCES = ['notifications', 'preferences'] as const;

/** The newest few and the unread count: the header's bell and its dropdown. */
export const useLatestNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: LATEST,
    queryFn: () =>
      api<NotificationList>(`/api/notifications?limit=${NotificationLimits.dropdown}`, { background: true }),
    enabled,
  });

/** The notifications page: a page at a time, a next one only when the last was full. */
export const useNotificationPages = () =>
  useInfiniteQuery({
    queryKey: PAGES,
    queryFn: ({ pageParam }) =>
      api<NotificationList>(`/api/notifications?limit=${NotificationLimits.pageSize}&offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.notifications.length === NotificationLimits.pageSize
        ? pages.length * NotificationLimits.pageSize
        : undefined,
  });

/**
 * A notification pushed over the socket: the bell counts it and the dropdown shows it at once; the
 * page's list asks again if it is open.
 */
export function receiveNotification(client: QueryClient, notification: Notification): void {
  client.setQueryData<NotificationList>(LATEST, (latest) =>
    latest && !latest.notifications.some((n) => n.id === notification.id)
      ? {
          notifications: [notification, ...latest.notifications].slice(0, NotificationLimits.dropdown),
          unread: latest.unread + 1,
        }
      : latest,
  );
  void client.invalidateQueries({ queryKey: PAGES });
}

/** Marks some (`ids`) or all read; the bell, dropdown and page show it. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) =>
      api<{ unread: number }>('/api/notifications/read', { method: 'POST', body, background: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export const useNotificationPreferences = () =>
  useQuery({ queryKey: PREFERENCES, queryFn: () => api<NotificationPreferences>('/api/notifications/preferences') });

/** Saves the kinds turned off; the switches show the change at once and go back if the save fails. */
export function useSetNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      api<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body, background: true }),
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: PREFERENCES });
      const previous = client.getQueryData<NotificationPreferences>(PREFERENCES);
      client.setQueryData(PREFERENCES, body);
      return { previous };
    },
    onError: (_err, _body, context) => client.setQueryData(PREFERENCES, context?.previous),
    onSuccess: (saved) => client.setQueryData(PREFERENCES, saved),
  });
}
