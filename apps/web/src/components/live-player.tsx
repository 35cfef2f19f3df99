import Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Waiting for the first segments (or after the ingest hiccups) the playlist is tried again this often. */
const RETRY_MS = 2_000;

/**
 * The live HLS player: stays two 1-second segments behind the live edge (hls.js, or the browser's
 * own HLS), speeds up a little to catch up after a stall, and keeps retrying while the playlist is
 * not there yet. It starts muted so browsers allow it to play by itself; the controls unmute.
 */
export function LivePlayer({ src, title, poster }: { src: string; title: string; poster: string | null }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [waiting, setWaiting] = useState(true);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const playing = () => setWaiting(false);
    el.addEventListener('playing', playing);
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
          setWaiting(true);
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
      el.removeEventListener('playing', playing);
    };
  }, [src]);

  return (
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
  );
}
