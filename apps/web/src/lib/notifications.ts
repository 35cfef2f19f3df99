import { createStore } from './store.ts';

export type NotificationKind = 'success' | 'error' | 'warning' | 'info';

export interface AppNotification {
  id: string;
  timestamp: number;
  kind: NotificationKind;
  message: string;
}

/** A notification lives 5000 ms and the list is checked every 1000 ms. */
export const NOTIFICATION_LIFETIME_MS = 5000;
export const NOTIFICATION_CHECK_MS = 1000;

export const notifications = createStore<{ list: AppNotification[] }>({ list: [] });

let seq = 0;
export function notify(kind: NotificationKind, message: string, now = Date.now()): void {
  notifications.set((s) => ({ list: [...s.list, { id: `${now}-${seq++}`, timestamp: now, kind, message }] }));
}

export function dismiss(id: string): void {
  notifications.set((s) => ({ list: s.list.filter((n) => n.id !== id) }));
}

/** Drops notifications older than their lifetime (run every second). */
export function expireNotifications(now = Date.now()): void {
  const list = notifications.get().list;
  const kept = list.filter((n) => now - n.timestamp < NOTIFICATION_LIFETIME_MS);
  if (kept.length !== list.length) notifications.set({ list: kept });
}
