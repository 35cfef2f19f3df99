import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LivePlayer } from '../../../components/live-player.tsx';
import { VideoPlayer } from '../../../components/video-player.tsx';
import type { ClipSourceInfo } from '../api/clip-source.ts';

// timeupdate fires a few times a second: a little slack keeps a seek just before the start from looping.
const SLACK_S = 0.3;

/** The source's player kept inside the chosen range: it starts at the range's start and loops at its end. */
export function RangePreview({ source, start, duration }: { source: ClipSourceInfo; start: number; duration: number }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const toStart = () => {
      el.currentTime = start;
    };
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) toStart();
    else el.addEventListener('loadedmetadata', toStart, { once: true });
    const keepInside = () => {
      if (el.currentTime >= start + duration || el.currentTime < start - SLACK_S) toStart();
    };
    el.addEventListener('timeupdate', keepInside);
    return () => {
      el.removeEventListener('loadedmetadata', toStart);
      el.removeEventListener('timeupdate', keepInside);
    };
  }, [start, duration]);

  const playRange = () => {
    const el = video.current;
    if (!el) return;
    el.currentTime = start;
    void el.play().catch(() => undefined);
  };

  if (source.live && source.hls_url) {
    // A live playlist keeps only its last seconds: the picture is live, the clip comes from the recording.
    return (
      <div className="range-preview">
        <LivePlayer src={source.hls_url} title={source.title} poster={source.thumbnail_url} />
        <p className="notice notice-inline" data-testid="live-source-note">
          {t('clips.creator.liveNote')}
        </p>
      </div>
    );
  }

  return (
    <div className="range-preview">
      <VideoPlayer
        video={{
          title: source.title,
          hls_url: source.hls_url,
          media_url: source.media_url,
          thumbnail_url: source.thumbnail_url,
          ipfs_hash: null,
        }}
        videoRef={video}
      />
      <button type="button" className="button button-secondary" onClick={playRange} data-testid="play-range">
        <span aria-hidden="true">▶</span> {t('clips.creator.playRange')}
      </button>
    </div>
  );
}
