/** Resume rules: not for a few seconds in, not within the last 5 %, where the video is as good as watched. */
export const RESUME_MIN_SECONDS = 5;
export const RESUME_END_SHARE = 0.05;

/** Where to resume a video of `duration` s stopped at `position` s, or null to start from the beginning. */
export function resumePoint(position: number | null | undefined, duration: number): number | null {
  if (position == null || !Number.isFinite(position) || !(duration > 0) || !Number.isFinite(duration)) return null;
  if (position < RESUME_MIN_SECONDS || position >= duration * (1 - RESUME_END_SHARE)) return null;
  return position;
}

const STORE_KEY = 'tarang.resume';
/** Positions kept on this device (for visitors): the most recently watched ones. */
const KEEP = 50;

type Saved = Record<string, { position: number; at: number }>;

function load(storage: Storage): Saved {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Saved) : {};
  } catch {
    return {};
  }
}

/** The last position saved on this device for `key` (`video:<id>`, `clip:<id>`…). */
export function savedPosition(key: string, storage: Storage = localStorage): number | null {
  const position = load(storage)[key]?.position;
  return typeof position === 'number' ? position : null;
}

/** Saves (or with null forgets) a position; only the newest few are kept. */
export function savePosition(key: string, position: number | null, storage: Storage = localStorage): void {
  const saved = load(storage);
  delete saved[key];
  if (position !== null) saved[key] = { position: Math.round(position * 10) / 10, at: Date.now() };
  const newest = Object.entries(saved)
    .reverse() // the newest entry is last: first among equal times
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, KEEP);
  try {
    storage.setItem(STORE_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // a full or refused storage only loses the resume point
  }
}

/** Forgets every position saved on this device (the viewer cleared their watch history). */
export function forgetPositions(storage: Storage = localStorage): void {
  try {
    storage.removeItem(STORE_KEY);
  } catch {
    // a refused storage holds nothing we could forget
  }
}
