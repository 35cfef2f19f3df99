import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { refreshUser } from '../../../lib/session/session-store.ts';
import { useDiscardStream, useStartStream, useStopStream, useStream, useStreamIngest } from '../api/streams.ts';
import type { useBrowserIngest } from '../hooks/use-browser-ingest.ts';
import type { useCamera } from '../hooks/use-camera.ts';
import { useLiveChat } from '../hooks/use-live-chat.ts';
import { useNow } from '../hooks/use-now.ts';
import { elapsedSeconds, liveTokensFor } from '../lib/live-time.ts';
import { CameraPreview } from './camera-preview.tsx';
import { ChatPanel } from './chat-panel.tsx';
import type { StreamSource } from './go-live-form.tsx';
import { IngestDetails } from './ingest-details.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';

export interface StreamEnded {
  duration: number;
  tokens_earned: number;
}

interface Props {
  streamId: string;
  source: StreamSource;
  camera: ReturnType<typeof useCamera>;
  ingest: ReturnType<typeof useBrowserIngest>;
  onEnded(result: StreamEnded): void;
  /** the stream never went live and was thrown away */
  onDiscarded(): void;
}

/**
 * The manage view of the Go Live page: the camera or OBS details, the live
 * duration and the tokens stopping would pay (both ticking every second), the control bar, and
 * the chat beside it.
 */
export function StreamManager({ streamId, source: initialSource, camera, ingest, onEnded, onDiscarded }: Props) {
  const { t } = useTranslation();
  const format = useFormats();
  const queryClient = useQueryClient();
  const { data: stream } = useStream(streamId);
  const { data: details } = useStreamIngest(streamId);
  const start = useStartStream(streamId);
  const stopping = useStopStream(streamId);
  const discarding = useDiscardStream();
  const refreshStream = () => void queryClient.invalidateQueries({ queryKey: ['streams', 'one', streamId] });
  // A tip is the creator's money: the header balance and the tips figure follow it at once.
  const chat = useLiveChat(streamId, {
    onStarted: refreshStream,
    onTip: () => {
      refreshStream();
      void refreshUser();
    },
  });
  // the camera and the browser ingest are devices, not calls: their own flag
  const [preparing, setPreparing] = useState(false);
  const busy = preparing || start.isPending || stopping.isPending || discarding.isPending;
  const [source, setSource] = useState(initialSource);
  const live = !!stream?.is_live;
  const now = useNow(live);
  const elapsed = live ? elapsedSeconds(stream.start_time, null, now) : 0;

  const goLive = async () => {
    if (!details) return;
    setPreparing(true);
    try {
      let media = camera.media;
      if (source === 'camera' && !media) {
        try {
          media = await camera.request();
        } catch {
          notify('error', t('live.cameraFailed'));
          return;
        }
      }
      try {
        await start.mutateAsync();
      } catch {
        notify('error', t('live.startFailed'));
        return;
      }
      if (media) await ingest.start(media, details).catch(() => notify('error', t('live.manage.cameraSendFailed')));
    } finally {
      setPreparing(false);
    }
  };

  /** Switching from OBS to this device's camera (also how a reloaded page gets its camera back). */
  const switchToCamera = async () => {
    try {
      const media = await camera.request();
      setSource('camera');
      if (live && details)
        await ingest.start(media, details).catch(() => notify('error', t('live.manage.cameraSendFailed')));
    } catch {
      notify('error', t('live.cameraFailed'));
    }
  };

  const stop = () =>
    stopping.mutate(undefined, {
      onSuccess: (result) => {
        ingest.stop();
        camera.release();
        onEnded(result);
      },
      onError: () => notify('error', t('live.stopFailed')),
    });

  const discard = () =>
    discarding.mutate(streamId, {
      onSuccess: () => {
        ingest.stop();
        camera.release();
        onDiscarded();
      },
      onError: (err) => notify('error', err.message),
    });

  const receiving = live && !!stream?.hls_url;
  const state = !stream
    ? 'loading'
    : stream.status === 'interrupted'
      ? 'interrupted'
      : receiving
        ? 'onAir'
        : live
          ? 'waiting'
          : 'ready';
  return (
    <div className="watch go-live-manage" data-testid="stream-manager">
      <div className="watch-main">
        <section className="card manage-status">
          <div className="manage-head">
            <h2 data-testid="manage-title">{stream?.title ?? '…'}</h2>
            <span className={`stream-state stream-state-${state}`} role="status" data-testid="stream-state">
              {t(`live.manage.state.${state}`)}
            </span>
          </div>
          <dl className="stats manage-stats">
            <div>
              <dt>{t('live.statDuration')}</dt>
              <dd data-testid="live-duration">{format.duration(elapsed)}</dd>
            </div>
            <div>
              <dt>{t('live.manage.earned')}</dt>
              <dd data-testid="live-tokens">{live ? format.tokens(liveTokensFor(elapsed)) : '0'}</dd>
            </div>
            <div>
              <dt>{t('live.statViewers')}</dt>
              <dd data-testid="live-viewers">{format.count(chat.viewers ?? 0)}</dd>
            </div>
            <div>
              <dt>{t('live.statTips')}</dt>
              <dd>{format.tokens(stream?.tokens_earned ?? 0)}</dd>
            </div>
          </dl>
          <div className="control-bar" role="toolbar" aria-label={t('live.manage.controls')}>
            {!live ? (
              <button
                type="button"
                className="button button-live"
                onClick={() => void goLive()}
                disabled={busy || !details}
                data-testid="start-stream"
              >
                ◉ {t('live.goLive')}
              </button>
            ) : (
              <button
                type="button"
                className="button button-danger"
                onClick={() => stop()}
                disabled={busy}
                data-testid="stop-stream"
              >
                ■ {t('live.manage.end')}
              </button>
            )}
            {(stream?.status === 'created' || stream?.status === 'scheduled') && (
              <button
                type="button"
                className="button button-outline"
                onClick={discard}
                disabled={busy}
                data-testid="discard-stream"
              >
                {t('live.manage.discard')}
              </button>
            )}
            {source === 'camera' && live && ingest.state !== 'sending' && camera.media && details && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() =>
                  void ingest
                    .start(camera.media!, details)
                    .catch(() => notify('error', t('live.manage.cameraSendFailed')))
                }
                data-testid="resend-camera"
              >
                {t('live.manage.resendCamera')}
              </button>
            )}
            {source === 'software' && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void switchToCamera()}
                disabled={busy}
                data-testid="use-camera"
              >
                {t('live.manage.useCamera')}
              </button>
            )}
            <Link className="button button-secondary" to={`/stream/${streamId}`} target="_blank" rel="noreferrer">
              {t('live.manage.viewerPage')}
            </Link>
          </div>
          {source === 'camera' && ingest.state === 'sending' && ingest.path === 'socket' && (
            <p className="notice" role="status" data-testid="camera-fallback">
              {t('live.manage.cameraFallback')}
            </p>
          )}
          {ingest.problem && (
            <p className="form-error" role="alert">
              {ingest.problem}
            </p>
          )}
        </section>
        {source === 'camera' && camera.media && <CameraPreview media={camera.media} />}
        {source === 'camera' && !camera.media && <p className="notice">{t('live.manage.cameraOffNotice')}</p>}
        {details && <IngestDetails ingest={details} />}
      </div>
      <aside className="watch-side">
        <ChatPanel chat={chat} creatorWallet={stream?.creator_wallet ?? null} creatorMode />
      </aside>
    </div>
  );
}
