import type { NotificationFrame } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../../../lib/api.ts';
import { isRestartClose, reconnectDelay } from '../../../lib/reconnect.ts';
import { session } from '../../../lib/session/session-store.ts';
import { wsUrl } from '../../../lib/ws-url.ts';
import { receiveNotification } from '../api/notifications.ts';

/**
 * While someone is signed in, one socket hears their new notifications. A dropped socket is opened
 * again like the live chat's (2 s × the attempt number, at once after a server restart); once the
 * attempts are used up, the next time the window gets focus starts over.
 */
export function useNotificationSocket(): void {
  const client = useQueryClient();
  const userId = session.use((s) => s.user?.id ?? null);

  useEffect(() => {
    if (!userId) return;
    let attempts = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let socket: WebSocket | null = null;
    let disposed = false;

    const open = () => {
      const token = getToken();
      if (!token) return;
      const ws = new WebSocket(wsUrl('/ws/notifications', { token }));
      socket = ws;
      ws.onopen = () => {
        attempts = 0;
        // what arrived while it was closed
        void client.invalidateQueries({ queryKey: ['notifications'] });
      };
      ws.onmessage = (e) => {
        try {
          const frame = JSON.parse(String(e.data)) as NotificationFrame;
          if (frame.type === 'notification') receiveNotification(client, frame.notification);
        } catch {
          // a frame this client does not understand is skipped
        }
      };
      ws.onclose = (e) => {
        socket = null;
        if (disposed) return;
        const delay = reconnectDelay(attempts + 1, e.code);
        if (delay === null) return;
        if (!isRestartClose(e.code)) attempts += 1;
        retry = setTimeout(() => {
          retry = undefined;
          open();
        }, delay);
      };
    };
    const onFocus = () => {
      if (socket || retry !== undefined) return;
      attempts = 0;
      open();
    };
    open();
    window.addEventListener('focus', onFocus);
    return () => {
      disposed = true;
      clearTimeout(retry);
      window.removeEventListener('focus', onFocus);
      socket?.close(1000);
    };
  }, [userId, client]);
}
