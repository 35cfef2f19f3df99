import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random bytes drawn in blocks (as crypto.randomUUID does): one system call serves many ids. */
const pool = Buffer.alloc(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** A random URL-safe id (base62, ~71 bits at 12 chars); the same format in both SQL dialects. */
export function newId(length = 12): string {
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    if (b < 248) out += ALPHABET[b % 62]; // 248 = 4 * 62: no modulo bias
  }
  return out;
}

/** Digits of the time part of an ordered id: 62^8 ms reach past the year 8000. */
const TIME_DIGITS = 8;

/**
 * A 16-character id whose first 8 characters are the creation time (ms, base62), then 8 random ones
 * (~47 bits). For rows written by the thousand (ledger entries, views, chat messages): ids of rows
 * written together sort together, so a new row lands on the index's last page, which the rows before
 * it already loaded and dirtied, instead of a random page of a large index. Not secret: it tells
 * when the row was made, like its created_at.
 */
export function newOrderedId(now = Date.now()): string {
  let time = '';
  for (let rest = now, i = 0; i < TIME_DIGITS; i++, rest = Math.floor(rest / 62)) time = ALPHABET[rest % 62] + time;
  return time + newId(16 - TIME_DIGITS);
}
