import type { NotificationList } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkRead } from '../api/notifications.ts';
import { describeNotification } from '../lib/describe.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { NotificationText } from './notification-text.tsx';

/** The bell's dropdown: the latest few (opening one marks it read), mark all read, and the way to the page. */
export function NotificationPanel({ latest, onClose }: { latest: NotificationList | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const markRead = useMarkRead();
  const items = latest?.notifications ?? [];
  return (
    <>
      <div className="notification-panel-head">
        <span className="menu-heading">{t('notifications.title')}</span>
        {(latest?.unread ?? 0) > 0 && (
          <button
            type="button"
            role="menuitem"
            className="link-button"
            onClick={() => markRead.mutate({ all: true })}
            data-testid="notification-menu-mark-all"
          >
            {t('notifications.markAllRead')}
          </button>
        )}
      </div>
      {latest && items.length === 0 && <p className="notification-empty muted">{t('notifications.empty')}</p>}
      {items.map((n, i) => (
        <Link
          key={n.id}
          role="menuitem"
          autoFocus={i === 0}
          className={`menu-item notification-item${n.read ? '' : ' unread'}`}
          to={describeNotification(n, format).to}
          onClick={() => {
            if (!n.read) markRead.mutate({ ids: [n.id] });
            onClose();
          }}
        >
          <NotificationText notification={n} />
        </Link>
      ))}
      <Link role="menuitem" className="menu-item notification-see-all" to="/notifications" onClick={onClose}>
        {t('notifications.seeAll')}
      </Link>
    </>
  );
}
