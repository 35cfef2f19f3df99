import { type Stream } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** The ended (or not yet started, or scheduled) stream's notice: how long it ran and its peak viewers, or when it starts. */
export function OfflineNotice({ stream }: { stream: Stream }) {
  const { t } = useTranslation();
  const format = useFormats();
  const notStarted = !stream.start_time;
  return (
    <div className="player offline-notice" role="status" data-testid="offline-notice">
      <div className="offline-body">
        <span className="offline-icon" aria-hidden="true">
          ◉
        </span>
        <h2>{t(notStarted ? 'live.notStartedTitle' : 'live.offlineTitle')}</h2>
        {stream.scheduled_for && notStarted && (
          <p data-testid="scheduled-time">
            <time dateTime={stream.scheduled_for}>
              {t('live.startsAt', { time: format.moment(stream.scheduled_for) })}
            </time>
          </p>
        )}
        {notStarted ? (
          <p>{t('live.notStartedBody')}</p>
        ) : (
          <p>
            {t('live.offlineDuration', { duration: format.duration(stream.duration) })} ·{' '}
            {t('live.peakViewers', { count: stream.max_viewers, formatted: format.count(stream.max_viewers) })}
          </p>
        )}
      </div>
    </div>
  );
}
