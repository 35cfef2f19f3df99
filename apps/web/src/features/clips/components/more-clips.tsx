import { ClipLimits } from '@app/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecentClips } from '../api/clips.ts';
import { Thumbnail } from '../../../components/thumbnail.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Up to six other clips; a failure is only logged. */
export function MoreClips({ currentId }: { currentId: string }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { data, error } = useRecentClips();
  useEffect(() => {
    if (error) console.error('Failed to load related clips', error);
  }, [error]);
  const others = (data ?? []).filter((c) => c.id !== currentId).slice(0, ClipLimits.relatedShown);
  return (
    <section className="more-clips" aria-labelledby="more-clips-title">
      <h2 id="more-clips-title">{t('clips.moreClips')}</h2>
      {others.length === 0 ? (
        <p className="muted">{t('clips.noMoreClips')}</p>
      ) : (
        <ul className="more-clips-list" data-testid="more-clips">
          {others.map((c) => (
            <li key={c.id}>
              <Link to={`/clips/${c.id}`} className="more-clip">
                <div className="thumb">
                  {c.thumbnail_url ? (
                    <Thumbnail url={c.thumbnail_url} sizes={c.thumbnail_sizes} />
                  ) : (
                    <div className="thumb-empty" aria-hidden="true">
                      ✂
                    </div>
                  )}
                  <span className="badge badge-duration">{format.duration(c.duration)}</span>
                </div>
                <div>
                  <h3 className="video-title" dir="auto">
                    {c.title}
                  </h3>
                  <p className="video-meta">
                    <bdi>{c.creator_username}</bdi>
                  </p>
                  <p className="video-meta">
                    {t('clips.viewCount', { count: c.views, formatted: format.count(c.views) })}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
