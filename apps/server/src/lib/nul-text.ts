/**
 * Whether any text in `value` (a string, or strings inside arrays and objects, keys included) holds the
 * NUL character. PostgreSQL cannot store it in text at all (the insert fails), SQLite would store it,
 * and no form or chat message needs it: it is refused at the edge, the same on both databases.
 */
export function hasNulText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => hasNulText(v, depth + 1));
  for (const [key, v] of Object.entries(value)) if (key.includes('\u0000') || hasNulText(v, depth + 1)) return true;
  return false;
}

export const NUL_TEXT_REFUSED = 'Text may not contain the NUL character (U+0000)';
