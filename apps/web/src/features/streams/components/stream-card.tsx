import { type Stream } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Thumbnail } from '../../../components/thumbnail.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** Cards show two tags, then +N for the rest. */
const TAGS_SHOWN = 2;

export function StreamTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  const rest = tags.length - TAGS_SHOWN;
  return (
    <ul className="stream-tags" data-testid="stream-tags">
      {tags.slice(0, TAGS_SHOWN).map((tag) => (
        <li key={tag}>
          #<bdi>{tag}</bdi>
        </li>
      ))}
      {rest > 0 && (
        <li className="more" data-testid="more-tags">
          +{rest}
        </li>
      )}
    </ul>
  );
}

export function StreamCard({ stream }: { stream: Stream }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <article className="stream-card" data-testid="stream-card">
      <Link to={`/stream/${stream.id}`} className="video-card-link">
        <div className="thumb">
          {stream.thumbnail_url ? (
            <Thumbnail url={stream.thumbnail_url} sizes={stream.thumbnail_sizes} />
          ) : (
            <div className="thumb-empty" aria-hidden="true">
              ◉
            </div>
          )}
          {stream.is_live ? (
            <span className="badge badge-live">{t('live.badge')}</span>
          ) : (
            <span className="badge badge-language">{t('live.ended')}</span>
          )}
          {stream.is_live ? (
            <span className="badge badge-duration">
              {t('live.viewers', { count: stream.viewers_count, formatted: format.count(stream.viewers_count) })}
            </span>
          ) : (
            <span className="badge badge-duration">{format.duration(stream.duration)}</span>
          )}
        </div>
        <h3 className="video-title stream-card-title" dir="auto">
          {stream.title}
        </h3>
      </Link>
      <p className="video-meta">
        <bdi>{stream.creator_username}</bdi>
      </p>
      <p className="video-meta">{t(`clips.category.${stream.category}`, { defaultValue: stream.category })}</p>
      <StreamTags tags={stream.tags} />
    </article>
  );
}
