import { liveRewardMicro, microToTokens } from '@app/shared';

/** Seconds on air at `now`: from the start until the end (or now while live). */
export function elapsedSeconds(startIso: string | null, endIso: string | null, now: number): number {
  if (!startIso) return 0;
  const end = endIso ? Date.parse(endIso) : now;
  return Math.max(0, Math.floor((end - Date.parse(startIso)) / 1000));
}

/** What stopping now would pay the creator, in tokens (the server pays exactly this on stop). */
export const liveTokensFor = (seconds: number): number => microToTokens(liveRewardMicro(seconds));
