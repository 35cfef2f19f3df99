import type { Clip } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyLink } from '../../../components/share.ts';
import { ClipLikeButton } from './like-button.tsx';
import { Thumbnail } from '../../../components/thumbnail.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';

export const clipUrl = (id: string): string => `${window.location.origin}/clips/${id}`;

function LinkIcon() {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
    >
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L12 5.6" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
    </svg>
  );
}

export function ClipCard({ clip }: { clip: Clip }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <article className="clip-card" data-testid="clip-card">
      <Link to={`/clips/${clip.id}`} className="video-card-link">
        <div className="thumb">
          {clip.thumbnail_url ? (
            <Thumbnail url={clip.thumbnail_url} sizes={clip.thumbnail_sizes} />
          ) : (
            <div className="thumb-empty" aria-hidden="true">
              ✂
            </div>
          )}
          <span className="badge badge-language">
            {t(`clips.category.${clip.category}`, { defaultValue: clip.category })}
          </span>
          <span className="badge badge-duration">{format.duration(clip.duration)}</span>
        </div>
        <h3 className="video-title clip-card-title" dir="auto">
          {clip.title}
        </h3>
      </Link>
      <p className="video-meta">
        <bdi>{clip.creator_username}</bdi>
      </p>
      <p className="video-meta">
        {t('clips.viewCount', { count: clip.views, formatted: format.count(clip.views) })} ·{' '}
        {t('videos.comments', { count: clip.comment_count, formatted: format.count(clip.comment_count) })} ·{' '}
        {t('clips.tokens', { amount: format.tokens(clip.tokens_earned) })}
      </p>
      <div className="clip-card-actions">
        <ClipLikeButton clip={clip} compact />
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void copyLink(clipUrl(clip.id), 'clips.linkCopied')}
          data-testid="clip-copy-link"
        >
          <LinkIcon /> {t('clips.copyLink')}
        </button>
        {clip.source_video_id && (
          <Link
            className="button button-secondary button-small"
            to={`/clip-creator?video=${clip.source_video_id}`}
            data-testid="clip-create-from"
          >
            <span aria-hidden="true">✂</span> {t('clips.createClip')}
          </Link>
        )}
      </div>
    </article>
  );
}
