import { type ViewerEarnings } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** The summary cards at the top of the earnings page. */
export function SummaryCards({ e }: { e: ViewerEarnings }) {
  const { t } = useTranslation();
  const format = useFormats();
  // total_watch_time is in hours; under an hour minutes read better
  const watchTime = (hours: number) =>
    hours >= 1
      ? t('earnings.cards.hours', { hours: format.decimal(hours, 1) })
      : t('earnings.cards.minutes', { minutes: format.decimal(hours * 60, 1) });
  const cards: Array<[string, string, string, string?]> = [
    ['monthly', t('earnings.cards.monthly'), format.inr(e.total_monthly_earnings)],
    ['lifetime', t('earnings.cards.lifetime'), format.inr(e.lifetime_earnings)],
    [
      'today',
      t('earnings.cards.today'),
      format.inr(e.today_earnings),
      t('earnings.cards.todayOf', { cap: format.inr(e.daily_cap) }),
    ],
    ['videos', t('earnings.cards.videosWatched'), format.count(e.videos_watched)],
    ['watch-time', t('earnings.cards.watchTime'), watchTime(e.total_watch_time)],
    ['engagements', t('earnings.cards.engagements'), format.count(e.engagements_made)],
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
