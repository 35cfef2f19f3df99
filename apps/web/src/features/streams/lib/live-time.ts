import { liveRewardMicro, microToTokens } from '@app/shared';

/** Seconds on air at `now`: from the start until the end (or now while live). */
export function elapsedSeconds(startIso: string | null, endIso: string | null, now: number): number {
  if (!startIso) return 0;
  const end = endIso ? Date.parse(endIso) : now;
  return Math.max(0, Math.floor((end - Date.parse(startIso)) / 1000));
}

/** 3725 → "1:02:05", 65 → "1:05". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** What stopping now would pay the creator, in tokens (the server pays exactly this on stop). */
export const liveTokensFor = (seconds: number): number => microToTokens(liveRewardMicro(seconds));
