/**
 * The server's one clock. It lives on the app context (`ctx.clock`), so every rule that reads the
 * time (sessions, watch heartbeats, hourly ad windows, ledger entries) reads the same one, and tests
 * can move it forward without sleeping. Job leases and timers run on real time.
 */
export interface Clock {
  now(): Date;
  /** now as an ISO-8601 UTC string, the form every timestamp column holds */
  iso(): string;
}

/** A clock reading time from `ms` (milliseconds since the epoch). */
export const clockFrom = (ms: () => number): Clock => ({
  now: () => new Date(ms()),
  iso: () => new Date(ms()).toISOString(),
});

export const systemClock: Clock = clockFrom(Date.now);

/** UTC calendar day of a time: YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
