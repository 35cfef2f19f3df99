import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../../db/database.ts';
import { MAX_QUERY_WORDS, allowedEdits, editDistance, searchWords, trigramsOf, videoWords } from './search-words.ts';

/** Rows per INSERT: far below either database's limit of bound values. */
const CHUNK = 500;
/** Indexed words looked at per typed word, those sharing the most trigrams first. */
const NEAR_CANDIDATES = 200;
/** Above every character: `word < w + TOP` holds for every word that starts with w (bytewise, see migration 0022). */
const TOP = '\u{10FFFF}';

const chunks = <T>(rows: T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** (Re)writes the words a video is found by; its old words go. The video's own transaction runs it. */
export async function indexVideoWords(
  db: Executor,
  video: { id: string; title: string; description: string; tags: string },
): Promise<void> {
  await db.deleteFrom('video_search_words').where('video_id', '=', video.id).execute();
  const words = videoWords(video);
  for (const rows of chunks(words.map((word) => ({ video_id: video.id, word }))))
    await db
      .insertInto('video_search_words')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  const grams = words.flatMap((word) => trigramsOf(word).map((trigram) => ({ trigram, word })));
  for (const rows of chunks(grams))
    await db
      .insertInto('search_trigrams')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** A word of the query and the indexed words within its allowed typos, each with its score (2: one edit, 1: two). */
export interface SearchTerm {
  word: string;
  near: Map<string, number>;
}

/** The query's words (at most MAX_QUERY_WORDS) with the indexed words they may be a typo of. */
export async function searchTerms(db: Executor, text: string): Promise<SearchTerm[]> {
  const words = searchWords(text).slice(0, MAX_QUERY_WORDS);
  return Promise.all(words.map(async (word) => ({ word, near: await nearWords(db, word) })));
}

/**
 * Indexed words at most allowedEdits(word) edits away: the trigram index gives the candidates (an
 * edit changes at most four trigrams, a swap of neighbours included), the edit distance decides.
 * Words that start with the typed word are left out: the prefix match finds them.
 */
async function nearWords(db: Executor, word: string): Promise<Map<string, number>> {
  const edits = allowedEdits(word);
  const near = new Map<string, number>();
  if (edits === 0) return near;
  const grams = trigramsOf(word);
  const length = [...word].length;
  const rows = await db
    .selectFrom('search_trigrams')
    .select((eb) => ['word', eb.fn.countAll<number>().as('shared')])
    .where('trigram', 'in', grams)
    .where(sql<number>`length(word)`, '>=', length - edits)
    .where(sql<number>`length(word)`, '<=', length + edits)
    .groupBy('word')
    .having((eb) => eb.fn.countAll(), '>=', Math.max(1, grams.length - 4 * edits))
    .orderBy('shared', 'desc')
    .orderBy('word')
    .limit(NEAR_CANDIDATES)
    .execute();
  for (const { word: candidate } of rows) {
    if (candidate.startsWith(word)) continue;
    const distance = editDistance(word, candidate, edits);
    if (distance <= edits) near.set(candidate, 3 - distance);
  }
  return near;
}

/**
 * The videos that match every term, with a rank: per term 4 for the word itself, 3 for a word it
 * begins, 2 or 1 for a word one or two typos away; summed over the terms, so exact matches rank first.
 */
export function matchingVideos(
  db: Executor,
  terms: SearchTerm[],
): SelectQueryBuilder<Database, 'video_search_words', { video_id: string; rank: number }> {
  const prefix = (w: string) => sql<boolean>`(word >= ${w} and word < ${w + TOP})`;
  const nearOf = (t: SearchTerm, score: number) => [...t.near].filter(([, s]) => s === score).map(([w]) => w);
  const score = (t: SearchTerm) => {
    const typos = [2, 1]
      .map((s) => [s, nearOf(t, s)] as const)
      .filter(([, words]) => words.length > 0)
      .map(([s, words]) => sql`when word in (${sql.join(words)}) then ${sql.lit(s)}`);
    return sql<number>`max(case when word = ${t.word} then 4 when ${prefix(t.word)} then 3 ${typos.length > 0 ? sql.join(typos, sql` `) : sql``} else 0 end)`;
  };
  const matchesAny = terms.flatMap((t) => [
    prefix(t.word),
    ...(t.near.size > 0 ? [sql<boolean>`word in (${sql.join([...t.near.keys()])})`] : []),
  ]);
  return db
    .selectFrom('video_search_words')
    .select(['video_id', sql<number>`${sql.join(terms.map(score), sql` + `)}`.as('rank')])
    .where(sql<boolean>`(${sql.join(matchesAny, sql` or `)})`)
    .groupBy('video_id')
    .having(
      sql<boolean>`${sql.join(
        terms.map((t) => sql`${score(t)} > 0`),
        sql` and `,
      )}`,
    );
}
