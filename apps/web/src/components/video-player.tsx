import type { Video } from '@app/shared';
import Hls from 'hls.js';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** What the player needs: a video, a clip, or a stream recording alike. */
export type PlayableMedia = Pick<Video, 'title' | 'hls_url' | 'thumbnail_url'> & {
  media_url: string | null;
  ipfs_hash: string | null;
};

/**
 * HLS through hls.js (or the browser's own HLS), the original file with HTTP ranges when the
 * renditions are not ready or cannot play. The content hash stays visible under the picture.
 * `videoRef` hands the element to pages that steer playback (the clip creator's range preview) or
 * report it (the watch page's progress for viewer earnings).
 */
export function VideoPlayer({ video, videoRef }: { video: PlayableMedia; videoRef?: Ref<HTMLVideoElement> }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  useImperativeHandle(videoRef, () => ref.current!, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fallback = () => {
      if (video.media_url) el.src = video.media_url;
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
      <video
        ref={ref}
        controls
        playsInline
        preload="metadata"
        poster={video.thumbnail_url ?? undefined}
        data-testid="video-player"
        aria-label={video.title}
      />
      {video.ipfs_hash && (
        <p className="content-hash">
          <span>{t('videos.contentHash')}</span>{' '}
          <code data-testid="content-hash" dir="ltr">
            {video.ipfs_hash}
          </code>
        </p>
      )}
    </div>
  );
}
