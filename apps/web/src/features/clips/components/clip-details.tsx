import { shortWallet, type Clip } from '@app/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shareLink } from '../../../components/share.ts';
import { TimeAgo } from '../../../components/time-ago.tsx';
import { VideoPlayer } from '../../../components/video-player.tsx';
import { recordClipView } from '../api/clips.ts';
import { clipUrl } from './clip-card.tsx';
import { ClippedFrom } from './clipped-from.tsx';
import { ClipLikeButton } from './like-button.tsx';
import { MoreClips } from './more-clips.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';

export function ClipDetails({ clip }: { clip: Clip }) {
  const { t } = useTranslation();
  const format = useFormats();
  const ready = clip.status === 'ready';
  useEffect(() => {
    // Counted once per viewer per day by the server; a failure only loses one count.
    if (ready) void recordClipView(clip.id).catch(() => undefined);
  }, [clip.id, ready]);

  return (
    <div className="watch">
      <div className="watch-main">
        {ready ? (
          <VideoPlayer key={clip.id} video={clip} resume={{ key: `clip:${clip.id}` }} />
        ) : (
          <div className="player player-pending" role="status" data-testid="clip-pending">
            {t(clip.status === 'failed' ? 'clips.failed' : 'clips.processing')}
          </div>
        )}
        <h1 className="watch-title" data-testid="clip-title" dir="auto">
          {clip.title}
        </h1>
        <div className="watch-bar">
          <p className="video-meta">
            {t('clips.viewCount', { count: clip.views, formatted: format.count(clip.views) })} ·{' '}
            <TimeAgo iso={clip.created_at} /> · {t(`clips.category.${clip.category}`, { defaultValue: clip.category })}
          </p>
          <div className="button-row">
            <ClipLikeButton clip={clip} />
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void shareLink(clipUrl(clip.id), clip.title, 'clips.linkCopied')}
              data-testid="clip-share"
            >
              <span aria-hidden="true">↗</span> {t('clips.share')}
            </button>
            {clip.source_video_id && (
              <Link
                className="button button-secondary"
                to={`/clip-creator?video=${clip.source_video_id}`}
                data-testid="clip-create-from"
              >
                <span aria-hidden="true">✂</span> {t('clips.createClip')}
              </Link>
            )}
          </div>
        </div>
        <section className="creator-card card clip-author-card">
          <div className="avatar avatar-large" aria-hidden="true">
            {clip.creator_username.charAt(0).toUpperCase()}
          </div>
          <div className="creator-info">
            <strong dir="auto">{clip.creator_username}</strong>
            {clip.creator_wallet && (
              <code className="muted" dir="ltr">
                {shortWallet(clip.creator_wallet)}
              </code>
            )}
            <span className="muted" data-testid="clip-tokens">
              {t('clips.tokensEarned', { amount: format.tokens(clip.tokens_earned) })}
            </span>
          </div>
          {clip.creator_wallet && (
            <Link className="button button-secondary button-small" to={`/clips?creator=${clip.creator_wallet}`}>
              {t('clips.creatorClips')}
            </Link>
          )}
        </section>
        {clip.description && (
          <p className="description" dir="auto">
            {clip.description}
          </p>
        )}
        {clip.tags.length > 0 && (
          <ul className="tags">
            {clip.tags.map((tag) => (
              <li key={tag}>
                #<bdi>{tag}</bdi>
              </li>
            ))}
          </ul>
        )}
        <dl className="stats card" data-testid="clip-stats-detail">
          <div>
            <dt>{t('clips.statViews')}</dt>
            <dd>{format.count(clip.views)}</dd>
          </div>
          <div>
            <dt>{t('clips.statLikes')}</dt>
            <dd>{format.count(clip.likes)}</dd>
          </div>
          <div>
            <dt>{t('clips.statTokens')}</dt>
            <dd>{format.tokens(clip.tokens_earned)}</dd>
          </div>
          <div>
            <dt>{t('clips.statDuration')}</dt>
            <dd>{t('clips.seconds', { count: clip.duration })}</dd>
          </div>
        </dl>
      </div>
      <aside className="watch-side">
        <ClippedFrom clip={clip} />
        <MoreClips currentId={clip.id} />
      </aside>
    </div>
  );
}
