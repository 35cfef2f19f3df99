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
