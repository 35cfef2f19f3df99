import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStreams } from '../api/streams.ts';
import { Thumbnail } from '../../../components/thumbnail.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Other streams on air now, beside the one being watched. */
export function OtherStreams({ currentId }: { currentId: string }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { data, isLoading } = useStreams({ status: 'live' });
  const others = (data ?? []).filter((s) => s.id !== currentId);
  return (
    <section className="other-streams" aria-labelledby="other-streams-title">
      <h2 id="other-streams-title">{t('live.otherStreams')}</h2>
      {!isLoading && others.length === 0 && (
        <p className="muted" data-testid="no-other-streams">
          {t('live.noOtherStreams')}
        </p>
      )}
      <ul className="other-streams-list">
        {others.map((s) => (
          <li key={s.id}>
            <Link to={`/stream/${s.id}`} className="more-clip">
              <div className="thumb">
                {s.thumbnail_url ? (
                  <Thumbnail url={s.thumbnail_url} sizes={s.thumbnail_sizes} />
                ) : (
                  <div className="thumb-empty" aria-hidden="true">
                    ◉
                  </div>
                )}
                <span className="badge badge-live">{t('live.badge')}</span>
              </div>
              <div>
                <p className="video-title" dir="auto">
                  {s.title}
                </p>
                <p className="video-meta">
                  <bdi>{s.creator_username}</bdi>
                </p>
                <p className="video-meta">
                  {t('live.viewers', { count: s.viewers_count, formatted: format.count(s.viewers_count) })}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
