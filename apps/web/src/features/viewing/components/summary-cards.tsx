import { formatCount, formatInr, type ViewerEarnings } from '@app/shared';
import { useTranslation } from 'react-i18next';

/** The summary cards at the top of the earnings page. */
export function SummaryCards({ e }: { e: ViewerEarnings }) {
  const { t } = useTranslation();
  // total_watch_time is in hours; under an hour minutes read better
  const watchTime = (hours: number) =>
    hours >= 1
      ? t('earnings.cards.hours', { hours: hours.toFixed(1) })
      : t('earnings.cards.minutes', { minutes: (hours * 60).toFixed(1) });
  const cards: Array<[string, string, string, string?]> = [
    ['monthly', t('earnings.cards.monthly'), formatInr(e.total_monthly_earnings)],
    ['lifetime', t('earnings.cards.lifetime'), formatInr(e.lifetime_earnings)],
    [
      'today',
      t('earnings.cards.today'),
      formatInr(e.today_earnings),
      t('earnings.cards.todayOf', { cap: formatInr(e.daily_cap) }),
    ],
    ['videos', t('earnings.cards.videosWatched'), formatCount(e.videos_watched)],
    ['watch-time', t('earnings.cards.watchTime'), watchTime(e.total_watch_time)],
    ['engagements', t('earnings.cards.engagements'), formatCount(e.engagements_made)],
  ];
  return (
    <dl className="stats earnings-cards">
      {cards.map(([id, label, value, note]) => (
        <div key={id} className="card" data-testid={`earnings-card-${id}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
          {note && <dd className="card-note muted">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}
