import type { Video } from '@app/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordView } from '../api/engagement.ts';
import { languageBadge } from '../lib/language-badge.ts';
import { TimeAgo } from '../../../components/time-ago.tsx';
import { Thumbnail, type ThumbnailLoading } from '../../../components/thumbnail.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { session } from '../../../lib/session/session-store.ts';

const PREVIEW_DELAY_MS = 1500;
const PREVIEW_CHARS = 60;

/**
 * `progress`: the share of the video the viewer watched (0–1), shown as a bar under the picture
 * (history). `onPictureShown`: called once its picture is on the screen (or could not load).
 */
export function VideoCard({
  video,
  loading,
  progress,
  onPictureShown,
}: {
  video: Video;
  loading?: ThumbnailLoading;
  progress?: number;
  onPictureShown?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const user = session.use((s) => s.user);
  const [preview, setPreview] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const startPreview = () => {
    timer.current = setTimeout(() => setPreview(true), PREVIEW_DELAY_MS);
  };
  const stopPreview = () => {
    clearTimeout(timer.current);
    setPreview(false);
  };

  return (
    <article className="video-card" onMouseEnter={startPreview} onMouseLeave={stopPreview} data-testid="video-card">
      <Link
        to={`/video/${video.id}`}
        className="video-card-link"
        onClick={() => void recordView(video.id).catch(() => undefined)}
      >
        <div className="thumb">
          {video.thumbnail_url ? (
            <Thumbnail
              url={video.thumbnail_url}
              sizes={video.thumbnail_sizes}
              loading={loading}
              onShown={onPictureShown}
            />
          ) : (
            <div className="thumb-empty" aria-hidden="true">
              ▶
            </div>
          )}
          <span className="badge badge-language">{t(`videos.language.${languageBadge(video.category)}`)}</span>
          {video.duration > 0 && <span className="badge badge-duration">{format.duration(video.duration)}</span>}
          {/* only its creator is ever sent a video that is not ready */}
          {video.status === 'processing' && (
            <span className="badge badge-processing" data-testid="processing-badge">
              {t('videos.processingBadge')}
            </span>
          )}
          {progress !== undefined && <WatchedBar share={progress} />}
          {preview && video.description && (
            <p className="thumb-preview" data-testid="card-preview" dir="auto">
              {video.description.slice(0, PREVIEW_CHARS)}
              {video.description.length > PREVIEW_CHARS ? '…' : ''}
            </p>
          )}
        </div>
        <div className="video-card-body">
          <div className="avatar avatar-small" aria-hidden="true">
            {video.creator_username.charAt(0).toUpperCase()}
          </div>
          <div>
            <h3 className="video-title" dir="auto">
              {video.title}
            </h3>
            <p className="video-meta">
              <bdi>{video.creator_username}</bdi>
            </p>
            <p className="video-meta">
              {t('videos.views', { count: video.views, formatted: format.count(video.views) })} ·{' '}
              {t('videos.likes', { count: video.likes, formatted: format.count(video.likes) })} ·{' '}
              {t('videos.comments', { count: video.comment_count, formatted: format.count(video.comment_count) })} ·{' '}
              <TimeAgo iso={video.upload_date} />
            </p>
          </div>
        </div>
      </Link>
      {/* the creator's own cards (dashboard, library) lead to the edit page */}
      {user?.id === video.creator_id && (
        <Link
          to={`/video/${video.id}/edit`}
          className="video-card-edit button button-secondary"
          aria-label={t('videos.editLabel', { title: video.title })}
          data-testid="card-edit-link"
        >
          ✎ {t('common.edit')}
        </Link>
      )}
    </article>
  );
}

function WatchedBar({ share }: { share: number }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <div
      className="thumb-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={t('videos.watchedPercent', { percent })}
      data-testid="watched-bar"
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}
