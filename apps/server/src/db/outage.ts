/**
 * Failures that say the database (or its disk) cannot answer now, as opposed to a bug or a broken
 * query: the caller gets a 503 with Retry-After (507 for a full disk), never a 500, and can try again.
 */

/** PostgreSQL SQLSTATE classes and codes: connection exceptions, shutdowns, too many connections, and a database closed to connections. */
const PG_UNAVAILABLE = /^(08...|57P0[1-3]|53300|55000)$/;
/** Node socket errors on the way to the database. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
/** SQLite: the file is locked past the busy timeout, cannot be read or written, or cannot be opened. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|READONLY)/;
/** The pg driver and pool say so in words, without a code. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

export type Outage = 'unavailable' | 'disk_full';

const codeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** What kind of outage `err` (or its cause) reports, or undefined when it is not one. */
export function databaseOutage(err: unknown, depth = 0): Outage | undefined {
  if (!err || typeof err !== 'object' || depth > 3) return undefined;
  const code = codeOf(err);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100') return 'disk_full';
  if (code && (PG_UNAVAILABLE.test(code) || NETWORK.has(code) || SQLITE_UNAVAILABLE.test(code))) return 'unavailable';
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && PG_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
  return databaseOutage((err as { cause?: unknown }).cause, depth + 1);
}
