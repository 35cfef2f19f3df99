import { ClipDurations, ClipLimits, type ClipDuration } from '@app/shared';

const TENTHS = 1 / ClipLimits.startStep;
const roundToStep = (seconds: number): number => Math.round(seconds * TENTHS) / TENTHS;
// A tiny epsilon keeps 35.3 (stored as 35.29999…) from flooring to 35.2.
const floorToStep = (seconds: number): number => Math.floor(seconds * TENTHS + 1e-6) / TENTHS;

/** The latest start that keeps the whole clip inside the source, on the 0.1 s grid. */
export const maxStart = (clipSeconds: number, sourceSeconds: number): number =>
  Math.max(0, floorToStep(sourceSeconds - clipSeconds));

/** The start is kept between 0 and source duration minus clip duration, in steps of 0.1 s. */
export function clampStart(start: number, clipSeconds: number, sourceSeconds: number): number {
  if (!Number.isFinite(start)) return 0;
  return Math.min(Math.max(0, roundToStep(start)), maxStart(clipSeconds, sourceSeconds));
}

/** Whether a clip of this length fits the source at all. */
export const fits = (clipSeconds: number, sourceSeconds: number): boolean => clipSeconds <= sourceSeconds + 1e-6;

/** Whether the source is long enough for the shortest clip. */
export const clippable = (sourceSeconds: number): boolean => fits(ClipDurations[0], sourceSeconds);

/**
 * The length a new clip starts with: 20 s when the source is long enough, else the longest that fits.
 * On a stream that is live, only what is surely recorded counts (all but the last LIVE_EDGE_MARGIN_S):
 * a 20 s clip of a stream 21 s old would reach past its recording and be refused.
 */
export function defaultDuration(sourceSeconds: number, live = false): ClipDuration {
  const recorded = live ? Math.max(0, sourceSeconds - LIVE_EDGE_MARGIN_S) : sourceSeconds;
  if (fits(20, recorded)) return 20;
  return [...ClipDurations].reverse().find((d) => fits(d, recorded)) ?? ClipDurations[0];
}

/** 83.25 → "1:23.3": minutes, seconds and tenths, as the timeline and the 'Clipped from' card show times. */
export function formatClipTime(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}

/** The recording trails the live picture by a segment or two: a live clip starts this far before the end. */
export const LIVE_EDGE_MARGIN_S = 5;

/** Where the range starts at first: the beginning, or for a stream on air its latest moments. */
export const initialStart = (clipSeconds: number, sourceSeconds: number, live: boolean): number =>
  live ? Math.max(0, maxStart(clipSeconds, sourceSeconds) - LIVE_EDGE_MARGIN_S) : 0;
