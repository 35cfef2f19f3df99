import { StreamLimits, type Stream } from '@app/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input holds it: this device's wall clock, to the minute. */
export function toLocalInput(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (this device's wall clock) as the instant the API takes; '' when empty or invalid. */
export function fromLocalInput(value: string): string {
  const at = new Date(value);
  return value && !Number.isNaN(at.getTime()) ? at.toISOString() : '';
}

/** The earliest and latest a stream may be scheduled for, as the input's min and max. */
export function scheduleBounds(now: Date): { min: string; max: string } {
  const max = new Date(now.getTime() + StreamLimits.scheduleMaxDays * 24 * 60 * 60_000);
  return { min: toLocalInput(new Date(now.getTime() + 60_000)), max: toLocalInput(max) };
}

/** A scheduled stream whose time has come (shown for StreamLimits.startingSoonMs, then hidden). */
export const isStartingSoon = (stream: Pick<Stream, 'scheduled_for'>, now: number): boolean =>
  !!stream.scheduled_for && Date.parse(stream.scheduled_for) <= now;

/** A scheduled stream more than StreamLimits.startingSoonMs past its time: only its creator still sees it. */
export const isMissed = (stream: Pick<Stream, 'scheduled_for'>, now: number): boolean =>
  !!stream.scheduled_for && Date.parse(stream.scheduled_for) + StreamLimits.startingSoonMs < now;

/**
 * A scheduled stream the Go Live page offers to take on air: due within the hour, or up to an hour
 * late (the window in which creating a new stream takes it over on the server, too).
 */
export const isDue = (stream: Pick<Stream, 'scheduled_for'>, now: number): boolean =>
  !!stream.scheduled_for && Math.abs(Date.parse(stream.scheduled_for) - now) <= StreamLimits.startingSoonMs;
