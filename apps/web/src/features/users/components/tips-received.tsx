import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TimeAgo } from '../../../components/time-ago.tsx';
import { useTipsReceived } from '../../videos/index.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

export function TipsReceived() {
  const { t } = useTranslation();
  const format = useFormats();
  const { data, isLoading } = useTipsReceived();
  return (
    <section className="card" data-testid="tips-received">
      <h2>{t('profile.tipsReceived')}</h2>
      {isLoading ? (
        <div className="spinner" role="status" aria-label={t('app.loading')} />
      ) : !data?.length ? (
        <p className="muted">{t('profile.noTips')}</p>
      ) : (
        <ul className="tip-list">
          {data.map((tip) => (
            <li key={tip.id}>
              <strong>{t('common.tokens', { amount: format.tokens(tip.amount) })}</strong> ·{' '}
              <bdi>{tip.from_username}</bdi>
              {tip.video_id && tip.video_title && (
                <>
                  {' · '}
                  <Link to={`/video/${tip.video_id}`}>
                    <bdi>{tip.video_title}</bdi>
                  </Link>
                </>
              )}
              {' · '}
              <TimeAgo iso={tip.created_at} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
