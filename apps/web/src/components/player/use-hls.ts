import Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** A rendition of the HLS master playlist, by its index in hls.js's levels. */
export interface Quality {
  level: number;
  label: string;
}

/** AUTO: hls.js picks the rendition from the bandwidth and the player's size. */
export const AUTO = -1;

const labelOf = (level: { height: number; bitrate: number }) =>
  level.height ? `${level.height}p` : `${Math.round(level.bitrate / 1000)} kbps`;

/**
 * Plays HLS through hls.js (or the browser's own HLS), the original file with HTTP ranges when the
 * renditions are not ready or cannot play; with hls.js, the renditions can be chosen by hand.
 */
export function useHls(ref: RefObject<HTMLVideoElement | null>, hlsUrl: string | null, fileUrl: string | null) {
  const hls = useRef<Hls | null>(null);
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [chosen, setChosen] = useState(AUTO);
  const [playing, setPlaying] = useState<number | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fallback = () => {
      if (fileUrl) el.src = fileUrl;
    };
    if (!hlsUrl) {
      fallback();
      return;
    }
    if (Hls.isSupported()) {
      const player = new Hls({ capLevelToPlayerSize: true });
      hls.current = player;
      player.on(Hls.Events.MANIFEST_PARSED, (_e, data) =>
        setQualities(
          data.levels
            .map((l, level) => ({ level, label: labelOf(l), height: l.height }))
            .sort((a, b) => b.height - a.height),
        ),
      );
      player.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => setPlaying(data.level));
      player.on(Hls.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        player.destroy();
        hls.current = null;
        setQualities([]);
        fallback();
      });
      player.loadSource(hlsUrl);
      player.attachMedia(el);
      return () => {
        player.destroy();
        hls.current = null;
        setQualities([]);
        setChosen(AUTO);
      };
    }
    if (el.canPlayType('application/vnd.apple.mpegurl')) el.src = hlsUrl;
    else fallback();
  }, [ref, hlsUrl, fileUrl]);

  const choose = useCallback((level: number) => {
    if (!hls.current) return;
    hls.current.currentLevel = level; // switches now, dropping what was buffered in the old rendition
    setChosen(level);
  }, []);

  const playingLabel = qualities.find((q) => q.level === playing)?.label ?? null;
  return { qualities: qualities.map(({ level, label }) => ({ level, label })), chosen, playingLabel, choose };
}
