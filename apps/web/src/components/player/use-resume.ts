import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { resumePoint, savePosition, savedPosition } from './resume.ts';

/** Where a player resumes: positions saved on this device under `key`, or the server's when it has one. */
export interface ResumeFrom {
  /** `video:<id>`, `clip:<id>`… */
  key: string;
  /** the signed-in viewer's last position from the server; undefined when not asked */
  server?: number | null;
  /** the server has not answered yet: wait before choosing */
  pending?: boolean;
}

const SAVE_EVERY_MS = 5000;

/**
 * Resumes once per video, as soon as its length is known (see resumePoint), and saves the position on
 * this device while it plays. Nothing is saved before the viewer has played: opening a video is not
 * watching it. A finished video is forgotten.
 */
export function useResume(ref: RefObject<HTMLVideoElement | null>, from: ResumeFrom | undefined) {
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const done = useRef<string | null>(null);
  const key = from?.key;
  const ready = from !== undefined && !from.pending;
  const server = from?.server;

  useEffect(() => {
    const el = ref.current;
    if (!el || !key || !ready || done.current === key) return;
    const apply = () => {
      done.current = key;
      const at = resumePoint(server ?? savedPosition(key), el.duration);
      if (at === null) return;
      el.currentTime = at;
      setResumedAt(at);
    };
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) apply();
    else el.addEventListener('loadedmetadata', apply, { once: true });
    return () => el.removeEventListener('loadedmetadata', apply);
  }, [ref, key, ready, server]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !key) return;
    let played = false;
    let savedAt = 0;
    const save = () => {
      if (!played) return;
      savedAt = Date.now();
      savePosition(key, el.ended ? null : el.currentTime);
    };
    const onPlay = () => void (played = true);
    const onTime = () => Date.now() - savedAt >= SAVE_EVERY_MS && save();
    const events: Array<[string, () => void]> = [
      ['play', onPlay],
      ['timeupdate', onTime],
      ['pause', save],
      ['seeked', save],
      ['ended', save],
    ];
    for (const [event, handler] of events) el.addEventListener(event, handler);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      for (const [event, handler] of events) el.removeEventListener(event, handler);
      window.removeEventListener('pagehide', save);
    };
  }, [ref, key]);

  const startOver = useCallback(() => {
    const el = ref.current;
    if (el) el.currentTime = 0;
    if (key) savePosition(key, null);
    setResumedAt(null);
  }, [ref, key]);

  return { resumedAt, startOver, dismiss: () => setResumedAt(null) };
}
