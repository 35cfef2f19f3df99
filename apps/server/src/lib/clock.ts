/**
 * The server's clock, per app context. Rules that measure real time (watch heartbeats, hourly ad
 * windows) read it through here, so tests can move time forward without sleeping.
 */
export type Clock = () => number;

const clocks = new WeakMap<object, Clock>();

/** Now, for this app (its AppContext). */
export const clockNow = (ctx: object): Date => new Date((clocks.get(ctx) ?? Date.now)());

/** Replaces the app's clock (tests). */
export function setClock(ctx: object, clock: Clock): void {
  clocks.set(ctx, clock);
}

/** UTC calendar day of a time: YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
