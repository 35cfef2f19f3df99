import type { Notification } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { TimeAgo } from '../../../components/time-ago.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { describeNotification } from '../lib/describe.ts';

/** A notification's sentence and how long ago it came; unread ones are marked for screen readers too. */
export function NotificationText({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const { key, values } = describeNotification(notification, useFormats());
  return (
    <>
      {!notification.read && (
        <>
          <span className="notification-dot" aria-hidden="true" />
          <span className="sr-only">{t('notifications.unreadMark')}</span>
        </>
      )}
      <span className="notification-sentence">{t(`notifications.text.${key}`, values)}</span>
      <span className="notification-time muted">
        <TimeAgo iso={notification.created_at} />
      </span>
    </>
  );
}
