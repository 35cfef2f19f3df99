import { EarningsRules } from '@app/shared';

/** Merged, sorted [start, end] millisecond ranges of a video that were watched. */
export type Ranges = Array<[number, number]>;

export interface SessionProgress {
  durationMs: number;
  positionMs: number;
  lastBeatAtMs: number;
  watchedMs: number;
  covered: Ranges;
}

export interface Beat {
  /** the position the player reports, in ms (clamped to the video) */
  positionMs: number;
  /** the server's time of this heartbeat */
  atMs: number;
  /** false while paused, muted or hidden: nothing is credited */
  active: boolean;
}

export function addRange(ranges: Ranges, [start, end]: [number, number]): Ranges {
  const all = [...ranges, [start, end] as [number, number]].sort((a, b) => a[0] - b[0]);
  const merged: Ranges = [];
  for (const r of all) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

export const coveredMs = (ranges: Ranges): number => ranges.reduce((sum, [s, e]) => sum + (e - s), 0);

/**
 * What one heartbeat credits. Forward progress since the last beat counts, but never more than the
 * real time that passed on the server's clock, nor more than the longest gap a beat may cover: a
 * player that claims to be further along than time allows earns only the time that passed. The
 * credited span is the one just before the reported position.
 */
export function applyBeat(p: SessionProgress, beat: Beat): SessionProgress {
  const positionMs = Math.min(Math.max(0, Math.round(beat.positionMs)), p.durationMs);
  const elapsedMs = Math.max(0, beat.atMs - p.lastBeatAtMs);
  const advanceMs = positionMs - p.positionMs;
  const creditMs =
    beat.active && advanceMs > 0
      ? Math.min(advanceMs, elapsedMs, EarningsRules.maxCreditPerHeartbeatSeconds * 1000)
      : 0;
  return {
    durationMs: p.durationMs,
    positionMs,
    lastBeatAtMs: beat.atMs,
    watchedMs: p.watchedMs + creditMs,
    covered: creditMs > 0 ? addRange(p.covered, [positionMs - creditMs, positionMs]) : p.covered,
  };
}

export const watchedPercent = (p: { covered: Ranges; durationMs: number }): number =>
  Math.min(100, (coveredMs(p.covered) / p.durationMs) * 100);

export const qualifies = (p: { covered: Ranges; durationMs: number }): boolean =>
  coveredMs(p.covered) * 100 >= p.durationMs * EarningsRules.qualifyPercent;
