import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clampStart, formatClipTime, maxStart } from '../lib/clip-range.ts';

interface Props {
  sourceDuration: number;
  clipDuration: number;
  start: number;
  onChange(start: number): void;
}

const STEP = 0.1;
const BIG_STEP = 1;
const PAGE_STEP = 5;

/**
 * The source as a bar with the clip as a window on it. The window is dragged with a mouse, a pen or
 * a finger (pointer events, captured so a drag may leave the bar), a press elsewhere on the bar
 * centres it there, and when focused the arrow keys move it by 0.1 s (1 s with Shift), Page Up and
 * Page Down by 5 s, Home and End to either end. Time runs left to right in every language.
 */
export function RangeTimeline({ sourceDuration, clipDuration, start, onChange }: Props) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const grab = useRef<{ pointerId: number; offset: number } | null>(null);
  const latest = maxStart(clipDuration, sourceDuration);
  const set = (value: number) => onChange(clampStart(value, clipDuration, sourceDuration));
  const percent = (seconds: number) => `${Math.min(100, (seconds / sourceDuration) * 100)}%`;

  const timeAt = (clientX: number): number => {
    const box = track.current!.getBoundingClientRect();
    return (Math.min(Math.max(clientX - box.left, 0), box.width) / box.width) * sourceDuration;
  };

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault(); // no text selection, no focus theft; the handle takes focus below
    const at = timeAt(e.clientX);
    const inside = at >= start && at <= start + clipDuration;
    grab.current = { pointerId: e.pointerId, offset: inside ? at - start : clipDuration / 2 };
    track.current!.setPointerCapture(e.pointerId);
    if (!inside) set(at - clipDuration / 2);
    handle.current?.focus({ preventScroll: true });
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (grab.current?.pointerId === e.pointerId) set(timeAt(e.clientX) - grab.current.offset);
  };
  const release = (e: React.PointerEvent<HTMLDivElement>) => {
    if (grab.current?.pointerId !== e.pointerId) return;
    grab.current = null;
    if (track.current?.hasPointerCapture(e.pointerId)) track.current.releasePointerCapture(e.pointerId);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, number> = {
      ArrowRight: start + step,
      ArrowUp: start + step,
      ArrowLeft: start - step,
      ArrowDown: start - step,
      PageUp: start + PAGE_STEP,
      PageDown: start - PAGE_STEP,
      Home: 0,
      End: latest,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    set(moves[e.key]!);
  };

  const end = Math.min(start + clipDuration, sourceDuration);
  return (
    <div className="timeline" dir="ltr">
      <div
        ref={track}
        className="timeline-track"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={release}
        onPointerCancel={release}
        data-testid="timeline-track"
      >
        <div
          ref={handle}
          className="timeline-range"
          style={{ left: percent(start), width: percent(end - start) }}
          role="slider"
          tabIndex={0}
          aria-label={t('clips.creator.timeline')}
          aria-valuemin={0}
          aria-valuemax={latest}
          aria-valuenow={start}
          aria-valuetext={t('clips.creator.rangeText', { start: formatClipTime(start), end: formatClipTime(end) })}
          onKeyDown={onKeyDown}
          data-testid="timeline-range"
        />
      </div>
      <div className="timeline-labels">
        <span>{formatClipTime(0)}</span>
        <span className="timeline-selection" data-testid="timeline-selection">
          {formatClipTime(start)} – {formatClipTime(end)}
        </span>
        <span>{formatClipTime(sourceDuration)}</span>
      </div>
    </div>
  );
}
