import { useTranslation } from 'react-i18next';
import { useClipStats } from '../api/clips.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Platform totals over every clip (total clips, tokens earned, views). */
export function ClipStatsCard() {
  const { t } = useTranslation();
  const format = useFormats();
  const { data } = useClipStats();
  return (
    <section className="card clip-stats" aria-labelledby="clip-stats-title" data-testid="clip-stats">
      <h2 id="clip-stats-title">{t('clips.stats.title')}</h2>
      <dl className="stats">
        <div>
          <dt>{t('clips.stats.totalClips')}</dt>
          <dd data-testid="stats-total">{data ? format.count(data.total_clips) : '–'}</dd>
        </div>
        <div>
          <dt>{t('clips.stats.tokensEarned')}</dt>
          <dd>{data ? format.tokens(data.tokens_earned) : '–'}</dd>
        </div>
        <div>
          <dt>{t('clips.stats.views')}</dt>
          <dd>{data ? format.count(data.views) : '–'}</dd>
        </div>
      </dl>
    </section>
  );
}
