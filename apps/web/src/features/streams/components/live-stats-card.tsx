import { useTranslation } from 'react-i18next';
import { useStreamStats } from '../api/streams.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Directory totals: live now, watching now, tokens earned by streams, streams in all. */
export function LiveStatsCard() {
  const { t } = useTranslation();
  const format = useFormats();
  const { data } = useStreamStats();
  const show = (value: number | undefined, format: (n: number) => string) =>
    value === undefined ? '–' : format(value);
  return (
    <section className="card clip-stats" aria-labelledby="live-stats-title" data-testid="live-stats">
      <h2 id="live-stats-title">{t('live.stats.title')}</h2>
      <dl className="stats">
        <div>
          <dt>{t('live.stats.live')}</dt>
          <dd data-testid="stats-live">{show(data?.live_count, format.count)}</dd>
        </div>
        <div>
          <dt>{t('live.stats.viewers')}</dt>
          <dd data-testid="stats-viewers">{show(data?.total_viewers, format.count)}</dd>
        </div>
        <div>
          <dt>{t('live.stats.tokens')}</dt>
          <dd>{show(data?.tokens_earned, format.tokens)}</dd>
        </div>
        <div>
          <dt>{t('live.stats.streams')}</dt>
          <dd data-testid="stats-streams">{show(data?.total_streams, format.count)}</dd>
        </div>
      </dl>
    </section>
  );
}
