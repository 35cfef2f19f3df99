import { type Stream } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNow } from '../hooks/use-now.ts';
import { isStartingSoon } from '../lib/schedule-time.ts';
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

/** The creator's name, to their channel. */
const CreatorLink = ({ stream }: { stream: Stream }) => (
  <Link to={`/channel/${stream.creator_id}`} className="creator-link">
    <bdi>{stream.creator_username}</bdi>
  </Link>
);

/** A scheduled stream's badges: Upcoming (or Starting soon once its time came) and when, in the reader's zone. */
function ScheduledBadges({ scheduledFor }: { scheduledFor: string }) {
  const { t } = useTranslation();
  const soon = isStartingSoon({ scheduled_for: scheduledFor }, useNow(false));
  return (
    <span className="badge badge-upcoming" data-testid="upcoming-badge">
      {t(soon ? 'live.startingSoon' : 'live.status.scheduled')}
    </span>
  );
}

export function StreamCard({ stream, children }: { stream: Stream; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormats();
  if (stream.status === 'scheduled' && stream.scheduled_for) {
    return (
      <article className="stream-card stream-card-scheduled" data-testid="stream-card">
        <Link to={`/stream/${stream.id}`} className="video-card-link">
          <div className="thumb">
            <div className="thumb-empty" aria-hidden="true">
              ◷
            </div>
            <ScheduledBadges scheduledFor={stream.scheduled_for} />
          </div>
          <h3 className="video-title stream-card-title" dir="auto">
            {stream.title}
          </h3>
        </Link>
        <p className="video-meta" data-testid="scheduled-time">
          <time dateTime={stream.scheduled_for}>
            {t('live.startsAt', { time: format.moment(stream.scheduled_for) })}
          </time>
        </p>
        <p className="video-meta">
          <CreatorLink stream={stream} /> · {t(`clips.category.${stream.category}`, { defaultValue: stream.category })}
        </p>
        {children}
      </article>
    );
  }
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
        <CreatorLink stream={stream} />
      </p>
      <p className="video-meta">{t(`clips.category.${stream.category}`, { defaultValue: stream.category })}</p>
      <StreamTags tags={stream.tags} />
      {children}
    </article>
  );
}
