import { NotificationKinds, type NotificationKind } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { notify } from '../../../lib/notifications.ts';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/notifications.ts';

/** The settings page's card: one switch per kind of notification; a kind turned off is not created at all. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const save = useSetNotificationPreferences();
  const muted = preferences.data?.muted ?? [];
  const toggle = (kind: NotificationKind, on: boolean) =>
    save.mutate(
      { muted: on ? muted.filter((k) => k !== kind) : [...muted, kind] },
      { onError: (err) => notify('error', errorText(err)) },
    );
  return (
    <div className="card" data-testid="notification-settings">
      <h2>{t('notifications.title')}</h2>
      <p className="muted">{t('notifications.settings.intro')}</p>
      {preferences.error ? (
        <p role="alert">{errorText(preferences.error)}</p>
      ) : (
        <fieldset className="notification-kinds" disabled={!preferences.data || save.isPending}>
          <legend className="sr-only">{t('notifications.title')}</legend>
          {NotificationKinds.map((kind) => (
            <label key={kind} className="checkbox">
              <input
                type="checkbox"
                checked={!muted.includes(kind)}
                onChange={(e) => toggle(kind, e.target.checked)}
                data-testid={`notify-${kind}`}
              />{' '}
              {t(`notifications.settings.kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
