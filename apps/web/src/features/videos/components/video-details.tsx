import { shortWallet, type Video } from '@app/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session/session-store.ts';
import { creatorRef, useLikeVideo, useTipVideo } from '../api/engagement.ts';
import { useFeed } from '../api/videos.ts';
import { FollowButton } from './follow-button.tsx';
import { RatingStars } from './rating-stars.tsx';
import { shareLink } from '../../../components/share.ts';
import { TimeAgo } from '../../../components/time-ago.tsx';
import { TipDialog } from './tip-dialog.tsx';
import { VideoCard } from './video-card.tsx';
import { VideoPlayer } from '../../../components/video-player.tsx';
import { useWatchProgress } from '../hooks/use-watch-progress.ts';
import { useStoredFlag } from '../../../hooks/use-stored-flag.ts';
import { useVideoCaptions } from '../api/captions.ts';
import { useWatchPosition } from '../api/viewing.ts';
import { CaptionUpload } from './caption-upload.tsx';
import { ClipButton } from '../../clips/index.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

const RELATED = 5;

export function VideoDetails({ video }: { video: Video }) {
  const { t } = useTranslation();
  const format = useFormats();
  const user = session.use((s) => s.user);
  const [tipping, setTipping] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  const ready = video.status === 'ready';
  // Signed-in viewers report watch progress of videos for earnings; a creator's own views never earn.
  // The server keeps the last position of those reports: they resume from it on any device.
  const reportsProgress = !!user && user.id !== video.creator_id;
  useWatchProgress(player, video.id, reportsProgress);
  const position = useWatchPosition(video.id, reportsProgress && ready);
  const { data: captions } = useVideoCaptions(video.id, ready);
  const [theatre, setTheatre] = useStoredFlag('tarang.player.theatre', false);
  const navigate = useNavigate();
  const { data: feed } = useFeed({});
  const related = (feed ?? []).filter((v) => v.id !== video.id).slice(0, RELATED);
  const next = related[0];
  const upNext = next && { title: next.title, play: () => void navigate(`/video/${next.id}`) };
  const likeVideo = useLikeVideo(video.id);
  const tipVideo = useTipVideo(video.id);

  const like = () => {
    if (!user) return notify('warning', t('videos.likeSignIn'));
    likeVideo.mutate();
  };

  const tip = (amount: number) => {
    if (user)
      tipVideo.mutate(amount, {
        onSuccess: () => notify('success', t('videos.tipSent', { amount: format.tokens(amount) })),
      });
  };

  const isCreator = user?.id === video.creator_id;
  return (
    <div className={theatre ? 'watch watch-theatre' : 'watch'}>
      <div className="watch-main">
        {ready ? (
          <VideoPlayer
            key={video.id}
            video={video}
            videoRef={player}
            resume={{
              key: `video:${video.id}`,
              server: position.data?.position,
              pending: reportsProgress && position.isPending,
            }}
            captions={captions?.captions}
            upNext={upNext}
            theatre={{ on: theatre, toggle: () => setTheatre(!theatre) }}
          />
        ) : (
          <div className="player player-pending" role="status">
            <p>{t(video.status === 'failed' ? 'videos.failed' : 'videos.processing')}</p>
            {isCreator && video.failure_reason && <p data-testid="video-failure-reason">{video.failure_reason}</p>}
          </div>
        )}
        {isCreator && ready && <CaptionUpload videoId={video.id} />}
        <h1 className="watch-title" data-testid="video-title" dir="auto">
          {video.title}
        </h1>
        <div className="watch-bar">
          <p className="video-meta">
            {t('videos.views', { count: video.views, formatted: format.count(video.views) })} ·{' '}
            <TimeAgo iso={video.upload_date} /> ·{' '}
            {t(`clips.category.${video.category}`, { defaultValue: video.category })}
          </p>
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={like} data-testid="like-button">
              👍 <span data-testid="like-count">{format.count(video.likes)}</span>
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void shareLink(window.location.href, video.title, 'videos.linkCopied')}
            >
              ↗ {t('videos.share')}
            </button>
            {ready && <ClipButton to={`/clip-creator?video=${video.id}`} sourceSeconds={video.duration} />}
            {isCreator && (
              <Link className="button button-secondary" to={`/video/${video.id}/edit`} data-testid="edit-video-link">
                ✎ {t('common.edit')}
              </Link>
            )}
            {user && !isCreator && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setTipping(true)}
                data-testid="thanks-button"
              >
                ♥ {t('videos.thanks')}
              </button>
            )}
          </div>
        </div>
        {ready && <RatingStars videoId={video.id} isCreator={isCreator} />}
        <section className="creator-card card">
          <div className="avatar avatar-large" aria-hidden="true">
            {video.creator_username.charAt(0).toUpperCase()}
          </div>
          <div className="creator-info">
            <strong dir="auto">{video.creator_username}</strong>
            {video.creator_wallet && (
              <code className="muted" dir="ltr">
                {shortWallet(video.creator_wallet)}
              </code>
            )}
            <span className="muted" data-testid="tokens-earned">
              {t('videos.tokensEarned', { amount: format.tokens(video.tokens_earned) })}
            </span>
          </div>
          <FollowButton creator={creatorRef(video)} creatorId={video.creator_id} />
        </section>
        {video.description && (
          <p className="description" dir="auto">
            {video.description}
          </p>
        )}
        {video.tags.length > 0 && (
          <ul className="tags">
            {video.tags.map((tag) => (
              <li key={tag}>
                <Link to={`/search?q=${encodeURIComponent(tag)}`}>
                  #<bdi>{tag}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <dl className="stats card">
          <div>
            <dt>{t('videos.statViews')}</dt>
            <dd>{format.count(video.views)}</dd>
          </div>
          <div>
            <dt>{t('videos.statLikes')}</dt>
            <dd>{format.count(video.likes)}</dd>
          </div>
          <div>
            <dt>{t('videos.statTokens')}</dt>
            <dd>{format.tokens(video.tokens_earned)}</dd>
          </div>
        </dl>
      </div>
      <aside className="watch-side">
        <h2>{t('videos.related')}</h2>
        <div className="related-list">
          {related.map((v) => (
            <VideoCard key={v.id} video={v} />
          ))}
        </div>
      </aside>
      {tipping && user && <TipDialog balance={user.total_tokens} onTip={tip} onClose={() => setTipping(false)} />}
    </div>
  );
}
