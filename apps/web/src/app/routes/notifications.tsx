import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { useMarkRead, useNotificationPages } from '../../features/notifications/api/notifications.ts';
import { describeNotification } from '../../features/notifications/lib/describe.ts';
import { useFormats } from '../../lib/i18n/formatting.ts';
import { NotificationText } from '../../features/notifications/components/notification-text.tsx';

/** `/notifications`: every notification, newest first, a page at a time; one or all can be marked read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const format = useFormats();
  const pages = useNotificationPages();
  const markRead = useMarkRead();
  if (pages.error && !pages.data)
    return <LoadFailed onRetry={() => void pages.refetch()} testId="notifications-failed" />;
  const items = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;
  return (
    <section className="page notifications-page">
      <div className="notifications-head">
        <h1>{t('notifications.title')}</h1>
        {unread > 0 && (
          <button
            type="button"
            className="button button-outline"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAllRead')}
          </button>
        )}
      </div>
      {pages.isPending && <div className="spinner" role="status" aria-label={t('notifications.loading')} />}
      {pages.data && items.length === 0 && (
        <div className="panel empty-state" data-testid="notifications-empty">
          <p>{t('notifications.empty')}</p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="notification-list" data-testid="notification-list">
          {items.map((n) => (
            <li key={n.id} className={`notification-row${n.read ? '' : ' unread'}`}>
              <Link
                className="notification-item"
                to={describeNotification(n, format).to}
                onClick={() => !n.read && markRead.mutate({ ids: [n.id] })}
              >
                <NotificationText notification={n} />
              </Link>
              {!n.read && (
                <button
                  type="button"
                  className="link-button notification-mark"
                  onClick={() => markRead.mutate({ ids: [n.id] })}
                >
                  {t('notifications.markRead')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div className="button-row">
          <button
            type="button"
            className="button button-outline"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
            data-testid="notifications-more"
          >
            {t('notifications.loadMore')}
          </button>
        </div>
      )}
    </section>
  );
}
