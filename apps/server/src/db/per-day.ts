import { type RawBuilder, sql } from 'kysely';

/** The UTC day (YYYY-MM-DD) of an ISO-8601 timestamp column: the same SQL on SQLite and PostgreSQL. */
export const utcDayOf = (column: string): RawBuilder<string> => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** Rows of (day, n) as a map; PostgreSQL answers counts and sums as strings. */
export const byDay = (rows: Array<{ day: string; n: number | string | bigint | null }>): Map<string, number> =>
  new Map(rows.map((r) => [r.day, Number(r.n ?? 0)]));
