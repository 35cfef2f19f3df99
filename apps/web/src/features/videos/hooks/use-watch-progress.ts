import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { sendHeartbeat, startWatchSession } from '../api/viewing.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';

/**
 * Reports watch progress for viewer earnings: a session opens as soon as the player is shown, so the
 * server's clock is already running when playback starts; then a heartbeat goes out every few seconds
 * and whenever playback changes (pause, end, seek, mute, tab hidden or shown). Each heartbeat says
 * whether the time since the previous one was spent really watching — playing, audible, in the
 * visible tab; the server credits at most the real time that passed.
 */
export function useWatchProgress(ref: RefObject<HTMLVideoElement | null>, videoId: string, enabled: boolean): void {
  const { t } = useTranslation();
  const format = useFormats();
  const queryClient = useQueryClient();

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let sessionId: string | null = null;
    let opening = false;
    let spanActive = false;
    /** the position the server last heard of */
    let reported = 0;
    let lastTime = 0;
    let qualified = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const activeNow = () =>
      !el.paused && !el.ended && !el.muted && el.volume > 0 && document.visibilityState === 'visible';

    const beat = (position = el.currentTime, inactiveAfter = false) => {
      const wasActive = spanActive;
      spanActive = !inactiveAfter && activeNow();
      // An idle span in which the player stayed put has nothing to tell. Staying silent keeps the
      // server measuring from the previous beat, so playback that starts now is not cut short by the
      // time this beat would take to arrive.
      if (!sessionId || (!wasActive && position === reported)) return;
      reported = position;
      sendHeartbeat(sessionId, position, wasActive).then(
        (r) => {
          if (!r.qualified || qualified) return;
          qualified = true;
          if (r.viewer_earnings > 0)
            notify('success', t('earnings.watchQualified', { amount: format.inr(r.viewer_earnings) }));
          void queryClient.invalidateQueries({ queryKey: ['earnings'] });
        },
        () => undefined, // progress reports are best effort
      );
    };
    const open = () => {
      if (sessionId || opening) return;
      opening = true;
      startWatchSession(videoId).then(
        (s) => {
          sessionId = s.session_id;
          spanActive = activeNow();
          timer = setInterval(() => beat(), s.heartbeat_seconds * 1000);
        },
        () => {
          opening = false; // the next play tries again
        },
      );
    };
    const onPlay = () => {
      open();
      beat();
    };
    const onTime = () => {
      if (!el.seeking) lastTime = el.currentTime;
    };
    // Before a seek lands, close the span at the old position; the jump itself is never credited.
    const onSeeking = () => beat(lastTime, true);
    const onChange = () => beat();
    const listeners: Array<[string, () => void]> = [
      ['play', onPlay],
      ['pause', onChange],
      ['ended', onChange],
      ['seeking', onSeeking],
      ['seeked', onChange],
      ['volumechange', onChange],
      ['timeupdate', onTime],
    ];
    for (const [event, handler] of listeners) el.addEventListener(event, handler);
    document.addEventListener('visibilitychange', onChange);
    open();
    return () => {
      clearInterval(timer);
      beat();
      for (const [event, handler] of listeners) el.removeEventListener(event, handler);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [ref, videoId, enabled, t, format, queryClient]);
}
