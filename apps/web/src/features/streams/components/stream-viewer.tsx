import { shortWallet, type Stream } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../lib/session/session-store.ts';
import { shareLink } from '../../../components/share.ts';
import { VideoPlayer } from '../../../components/video-player.tsx';
import { useNow } from '../hooks/use-now.ts';
import { useLiveChat } from '../hooks/use-live-chat.ts';
import { useWebRtcSettings } from '../api/streams.ts';
import { elapsedSeconds } from '../lib/live-time.ts';
import { ChatPanel } from './chat-panel.tsx';
import { LivePlayer } from '../../../components/live-player.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { OtherStreams } from './other-streams.tsx';
import { StreamTags } from './stream-card.tsx';
import { FollowButton, creatorRef } from '../../videos/index.ts';
import { ClipButton } from '../../clips/index.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/** The live player, over WebRTC first when the server offers it (it waits to know, so it never switches needlessly). */
function LiveMedia({ stream, hlsUrl }: { stream: Stream; hlsUrl: string }) {
  const { t } = useTranslation();
  const settings = useWebRtcSettings();
  if (settings.isPending)
    return (
      <div className="player player-pending" role="status">
        {t('live.connecting')}
      </div>
    );
  const webrtc = settings.data?.enabled
    ? { url: `/api/streams/${stream.id}/whep`, iceServers: settings.data.ice_servers }
    : undefined;
  return <LivePlayer src={hlsUrl} title={stream.title} poster={stream.thumbnail_url} webrtc={webrtc} />;
}

function StreamMedia({ stream }: { stream: Stream }) {
  const { t } = useTranslation();
  if (stream.is_live && stream.hls_url) return <LiveMedia stream={stream} hlsUrl={stream.hls_url} />;
  if (stream.is_live)
    return (
      <div className="player player-pending" role="status">
        {t('live.waitingForVideo')}
      </div>
    );
  // Once ended: the replay, or word that it is being made, or (nothing recorded) the offline notice.
  if (stream.hls_url)
    return (
      <section className="replay" data-testid="replay">
        <VideoPlayer
          video={{
            title: stream.title,
            hls_url: stream.hls_url,
            thumbnail_url: stream.thumbnail_url,
            media_url: null,
            ipfs_hash: null,
          }}
          resume={{ key: `replay:${stream.id}` }}
        />
      </section>
    );
  if (stream.status === 'ended' && stream.has_recording)
    return (
      <div className="player player-pending" role="status" data-testid="replay-processing">
        {t('live.replayProcessing')}
      </div>
    );
  return <OfflineNotice stream={stream} />;
}

/** The stream viewer /stream/{id}: player or offline notice, details, chat, other live streams. */
export function StreamViewer({ stream }: { stream: Stream }) {
  const { t } = useTranslation();
  const format = useFormats();
  const queryClient = useQueryClient();
  const user = session.use((s) => s.user);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['streams', 'one', stream.id] });
  const chat = useLiveChat(stream.id, { onStarted: refresh, onEnded: refresh, onTip: refresh });
  const now = useNow(stream.is_live);
  const elapsed = stream.is_live ? elapsedSeconds(stream.start_time, null, now) : stream.duration;
  const viewers = stream.is_live ? (chat.viewers ?? stream.viewers_count) : 0;
  // Creator mode (the stream's wallet is the user's); an email account has no wallet, so its id counts too.
  const sameWallet =
    !!user?.wallet_address &&
    !!stream.creator_wallet &&
    user.wallet_address.toLowerCase() === stream.creator_wallet.toLowerCase();
  const creatorMode = sameWallet || user?.id === stream.creator_id;
  const clippable = stream.is_live || stream.has_recording;

  return (
    <div className="watch stream-watch">
      <div className="watch-main">
        <StreamMedia stream={stream} />
        <h1 className="watch-title" data-testid="stream-title" dir="auto">
          {stream.title}
        </h1>
        <div className="watch-bar">
          <p className="video-meta">
            {stream.is_live ? <span className="live-pill">{t('live.badge')}</span> : <span>{t('live.ended')}</span>} ·{' '}
            <span data-testid="stream-elapsed">{format.duration(elapsed)}</span> ·{' '}
            {t(`clips.category.${stream.category}`, { defaultValue: stream.category })}
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void shareLink(window.location.href, stream.title, 'live.linkCopied')}
              data-testid="share-button"
            >
              ↗ {t('videos.share')}
            </button>
            {clippable && <ClipButton to={`/clip-creator?stream=${stream.id}`} sourceSeconds={elapsed} />}
          </div>
        </div>
        <section className="creator-card card">
          <div className="avatar avatar-large" aria-hidden="true">
            {stream.creator_username.charAt(0).toUpperCase()}
          </div>
          <div className="creator-info">
            <strong data-testid="stream-creator">
              <Link to={`/channel/${stream.creator_id}`} className="creator-link">
                <bdi>{stream.creator_username}</bdi>
              </Link>
            </strong>
            {stream.creator_wallet && (
              <code className="muted" dir="ltr">
                {shortWallet(stream.creator_wallet)}
              </code>
            )}
          </div>
          <FollowButton creator={creatorRef(stream)} creatorId={stream.creator_id} />
        </section>
        {stream.description && (
          <p className="description" dir="auto">
            {stream.description}
          </p>
        )}
        <StreamTags tags={stream.tags} />
        <dl className="stats card" data-testid="stream-stats">
          <div>
            <dt>{t('live.statViewers')}</dt>
            <dd data-testid="stat-viewers">{format.count(viewers)}</dd>
          </div>
          <div>
            <dt>{t('live.statPeak')}</dt>
            <dd>{format.count(Math.max(stream.max_viewers, viewers))}</dd>
          </div>
          <div>
            <dt>{t('live.statDuration')}</dt>
            <dd>{format.duration(elapsed)}</dd>
          </div>
          <div>
            <dt>{t('live.statTokens')}</dt>
            <dd data-testid="stat-tokens">{format.tokens(stream.tokens_earned)}</dd>
          </div>
        </dl>
      </div>
      <aside className="watch-side">
        <ChatPanel
          chat={chat}
          creatorWallet={stream.creator_wallet}
          creatorMode={creatorMode}
          live={stream.is_live}
          ended={stream.status === 'ended'}
        />
        <OtherStreams currentId={stream.id} />
      </aside>
    </div>
  );
}
