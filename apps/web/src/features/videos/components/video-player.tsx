import type { Video } from '@app/shared';
import Hls from 'hls.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../session/stores/session-store.ts';
import { useWatchProgress } from '../hooks/use-watch-progress.ts';

/**
 * HLS through hls.js (or the browser's own HLS), the original file with HTTP ranges when the
 * renditions are not ready or cannot play. The content hash stays visible under the picture.
 */
export function VideoPlayer({ video }: { video: Video }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const user = session.use((s) => s.user);
  // Signed-in viewers report watch progress for earnings; a creator's own views never earn.
  useWatchProgress(ref, video.id, !!user && user.id !== video.creator_id);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fallback = () => {
      el.src = video.media_url;
    };
    if (!video.hls_url) {
      fallback();
      return;
    }
    if (Hls.isSupported()) {
      const hls = new Hls({ capLevelToPlayerSize: true });
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (data.fatal) {
          hls.destroy();
          fallback();
        }
      });
      hls.loadSource(video.hls_url);
      hls.attachMedia(el);
      return () => hls.destroy();
    }
    if (el.canPlayType('application/vnd.apple.mpegurl')) el.src = video.hls_url;
    else fallback();
  }, [video.hls_url, video.media_url]);

  return (
    <div className="player">
      <video ref={ref} controls playsInline preload="metadata" poster={video.thumbnail_url ?? undefined} data-testid="video-player" aria-label={video.title} />
      <p className="content-hash">
        <span>{t('videos.contentHash')}</span> <code data-testid="content-hash">{video.ipfs_hash}</code>
      </p>
    </div>
  );
}
