import Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canPlayWebRtc, startWhep } from '../lib/whep.ts';

/** Waiting for the first segments (or after the ingest hiccups) the playlist is tried again this often. */
const RETRY_MS = 2_000;
/** WebRTC that has not shown a picture this long after it started gives way to HLS. */
const WEBRTC_FALLBACK_MS = 6_000;

export type PlaybackMode = 'webrtc' | 'hls';

/** Where the stream can also be played over WebRTC (WHEP), with the ICE servers to use. */
export interface WebRtcSource {
  url: string;
  iceServers: RTCIceServer[];
}

function playHls(el: HTMLVideoElement, src: string, onFatal: () => void): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let hls: Hls | undefined;
  const load = () => {
    if (Hls.isSupported()) {
      hls?.destroy();
      hls = new Hls({
        lowLatencyMode: true,
        liveSyncDurationCount: 2,
        liveMaxLatencyDurationCount: 6,
        maxLiveSyncPlaybackRate: 1.5,
        backBufferLength: 30,
      });
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        onFatal();
        hls?.destroy();
        hls = undefined;
        retry = setTimeout(load, RETRY_MS);
      });
      hls.loadSource(src);
      hls.attachMedia(el);
    } else if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = src;
    }
    void el.play().catch(() => undefined); // blocked autoplay leaves the play button to the viewer
  };
  load();
  return () => {
    clearTimeout(retry);
    hls?.destroy();
    el.removeAttribute('src');
  };
}

function playWebRtc(el: HTMLVideoElement, source: WebRtcSource, fail: () => void): () => void {
  let closed = false;
  let close = () => undefined as void;
  const watchdog = setTimeout(fail, WEBRTC_FALLBACK_MS);
  const playing = () => clearTimeout(watchdog);
  el.addEventListener('playing', playing);
  startWhep(source.url, source.iceServers, fail).then(
    (playback) => {
      if (closed) return playback.close();
      close = playback.close;
      el.srcObject = playback.stream;
      void el.play().catch(() => undefined);
    },
    () => !closed && fail(),
  );
  return () => {
    closed = true;
    clearTimeout(watchdog);
    el.removeEventListener('playing', playing);
    close();
    el.srcObject = null;
  };
}

/**
 * The live player. With a WebRTC source it plays over WebRTC first (about a second behind the
 * broadcaster) and falls back to HLS by itself when negotiation fails or no picture comes within a
 * few seconds; the viewer sees which is playing and may choose. Over HLS it stays two 1-second
 * segments behind the live edge and keeps retrying while the playlist is not there yet. It starts
 * muted so browsers allow it to play by itself; the controls unmute.
 */
export function LivePlayer({
  src,
  title,
  poster,
  webrtc,
}: {
  src: string;
  title: string;
  poster: string | null;
  webrtc?: WebRtcSource | undefined;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [waiting, setWaiting] = useState(true);
  const offered = !!webrtc && canPlayWebRtc();
  const [mode, setMode] = useState<PlaybackMode>(offered ? 'webrtc' : 'hls');
  const [fellBack, setFellBack] = useState(false);
  const webrtcUrl = webrtc?.url;
  const iceServers = webrtc?.iceServers;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWaiting(true);
    const playing = () => setWaiting(false);
    el.addEventListener('playing', playing);
    const stop =
      mode === 'webrtc' && webrtcUrl && iceServers
        ? playWebRtc(el, { url: webrtcUrl, iceServers }, () => {
            setFellBack(true);
            setMode('hls');
          })
        : playHls(el, src, () => setWaiting(true));
    return () => {
      stop();
      el.removeEventListener('playing', playing);
    };
  }, [mode, src, webrtcUrl, iceServers]);

  const choose = (next: PlaybackMode) => {
    setFellBack(false);
    setMode(next);
  };

  return (
    <>
      <div className="player live-player">
        <video
          ref={ref}
          controls
          playsInline
          autoPlay
          muted
          poster={poster ?? undefined}
          aria-label={title}
          data-testid="live-player"
          data-mode={mode}
        />
        <span className="live-badge" aria-hidden="true">
          {t('live.badge')}
        </span>
        {waiting && (
          <span className="live-waiting" role="status">
            {t('live.connecting')}
          </span>
        )}
      </div>
      {offered && (
        <div className="live-modes">
          <div className="live-mode-choice" role="group" aria-label={t('live.playbackMode')}>
            <button type="button" aria-pressed={mode === 'webrtc'} onClick={() => choose('webrtc')}>
              {t('live.modeWebRtc')}
            </button>
            <button type="button" aria-pressed={mode === 'hls'} onClick={() => choose('hls')}>
              {t('live.modeHls')}
            </button>
          </div>
          <span className="live-mode" role="status" data-testid="playback-mode">
            {fellBack ? t('live.webrtcFallback') : mode === 'webrtc' ? t('live.modeWebRtc') : t('live.modeHls')}
          </span>
        </div>
      )}
    </>
  );
}
