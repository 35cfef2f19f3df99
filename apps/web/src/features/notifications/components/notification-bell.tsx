import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../../../hooks/use-menu.ts';
import { allTexts } from '../../../lib/i18n/i18n.ts';
import { useLatestNotifications } from '../api/notifications.ts';
import { useNotificationSocket } from '../hooks/use-notification-socket.ts';

// The dropdown and its texts load on the first open: the first screen carries only the bell.
const NotificationPanel = lazy(() =>
  Promise.all([import('./notification-panel.tsx'), allTexts()]).then(([m]) => ({ default: m.NotificationPanel })),
);

/** The header's bell: the unread count (in its accessible name too), and a dropdown of the latest few. */
export function NotificationBell() {
  const { t } = useTranslation();
  useNotificationSocket();
  const latest = useLatestNotifications(true);
  const unread = latest.data?.unread ?? 0;
  const { open, close, root, buttonProps, menuProps } = useMenu();
  const label = unread > 0 ? t('notifications.bell.unread', { count: unread }) : t('notifications.bell.label');

  return (
    <div className="dropdown" ref={root}>
      <button
        type="button"
        className="icon-button notification-bell"
        aria-label={label}
        title={label}
        data-testid="notification-bell"
        {...buttonProps}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.5L4.5 15v1.5h15V15L18 12.5V9a6 6 0 0 0-6-6zM9.8 18.5a2.2 2.2 0 0 0 4.4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 && (
          <span className="notification-count" aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          className="dropdown-panel notification-panel"
          aria-label={t('notifications.bell.label')}
          data-testid="notification-menu"
          {...menuProps}
        >
          <Suspense fallback={<div className="spinner notification-panel-loading" />}>
            <NotificationPanel latest={latest.data} onClose={close} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
