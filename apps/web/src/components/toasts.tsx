import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CHECK_MS, dismiss, expireNotifications, notifications } from '../lib/notifications.ts';

export function Toasts() {
  const { t } = useTranslation();
  const list = notifications.use((s) => s.list);
  useEffect(() => {
    const timer = setInterval(() => expireNotifications(), NOTIFICATION_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {list.map((n) => (
        <div key={n.id} className={`toast toast-${n.kind}`}>
          <span>{n.message}</span>
          <button type="button" className="icon-button" aria-label={t('common.dismiss')} onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
