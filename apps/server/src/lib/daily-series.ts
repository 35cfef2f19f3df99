const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` UTC days up to and including today, oldest first (YYYY-MM-DD). */
export function utcDaysUntil(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The first instant of a UTC day, as the timestamp columns hold it. */
export const startOfUtcDay = (day: string): string => `${day}T00:00:00.000Z`;

/** One point per day, every series' value of that day or zero: a day nothing happened is still a day. */
export function fillDays<K extends string>(
  days: string[],
  series: Record<K, Map<string, number>>,
): Array<{ date: string } & Record<K, number>> {
  const names = Object.keys(series) as K[];
  return days.map(
    (date) =>
      ({ date, ...Object.fromEntries(names.map((k) => [k, series[k].get(date) ?? 0])) }) as { date: string } & Record<
        K,
        number
      >,
  );
}
