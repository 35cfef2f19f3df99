import { type ViewingSession } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormats } from '../../../lib/i18n/formatting.ts';

const duration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The latest sessions (the first 10), newest first. */
export function ViewingHistory({
  sessions,
  isLoading,
}: {
  sessions: ViewingSession[] | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  if (isLoading) return <div className="spinner" role="status" />;
  if (!sessions || sessions.length === 0) {
    return (
      <div className="panel" data-testid="history-empty">
        <p>{t('earnings.history.empty')}</p>
        <Link className="button" to="/">
          {t('earnings.history.browse')}
        </Link>
      </div>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table history-table" data-testid="history-table">
        <thead>
          <tr>
            <th>{t('earnings.history.video')}</th>
            <th>{t('earnings.history.watched')}</th>
            <th>{t('earnings.history.percent')}</th>
            <th>{t('earnings.history.earned')}</th>
            <th>{t('earnings.history.date')}</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} data-testid="history-row">
              <td>
                {s.video_id && s.video_title ? (
                  <Link to={`/video/${s.video_id}`}>{s.video_title}</Link>
                ) : (
                  t('earnings.history.removed')
                )}
              </td>
              <td>{duration(s.watch_duration)}</td>
              <td>
                {format.percent(s.watch_percentage, 0)}{' '}
                <span className={`status ${s.qualified ? 'status-resolved' : 'status-closed'}`}>
                  {t(s.qualified ? 'earnings.history.qualified' : 'earnings.history.notQualified')}
                </span>
              </td>
              <td>{format.inr(s.viewer_earnings)}</td>
              <td>{format.dateTime(s.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
