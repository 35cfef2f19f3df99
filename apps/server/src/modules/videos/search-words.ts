/**
 * The words a video is found by, and how near a typed word must be to one of them. Pure, so the
 * index (filled when a video is stored, and by migration 0022 for the videos before it) and the
 * query read words the same way on SQLite and PostgreSQL.
 */

/** Longer words are cut here: enough to tell words apart, and a bound on what a stranger can make us index. */
export const MAX_WORD_LENGTH = 40;
/** Words of a query beyond these are ignored (all of them must match, so more would only narrow). */
export const MAX_QUERY_WORDS = 8;

/** Lower-case letter and digit runs without accents ("Colour," → "colour", "Café" → "cafe"), each once. */
export function searchWords(text: string): string[] {
  const words =
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => [...w].slice(0, MAX_WORD_LENGTH).join('')))];
}

/** The words of a video's title, description and tags (tags are a JSON list; its punctuation is no word). */
export const videoWords = (v: { title: string; description: string; tags: string }): string[] =>
  searchWords(`${v.title} ${v.description} ${v.tags}`);

/** Three-letter pieces of a word padded as pg_trgm pads it ("  c", " co", "col", …, "r "). */
export function trigramsOf(word: string): string[] {
  const chars = [' ', ' ', ...word, ' '];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams];
}

/** Typos forgiven in a word of this length: none in short words (they would match everything), then 1, then 2. */
export const allowedEdits = (word: string): number => {
  const length = [...word].length;
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
};

/**
 * Edits (insert, delete, replace, swap of two neighbours) from `a` to `b`, or `max + 1` as soon as it
 * is sure to be more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length]!, max + 1);
}
