import type en from './locales/en.json';
import type { TextPart, TextTree } from './parts.ts';

export type Translation = typeof en;

/**
 * Each language's texts in two chunks, the first screen's and the rest (see parts.ts), fetched on
 * first use: a visitor downloads only their own language, and only what the page needs so far.
 */
const parts: Record<TextPart, Record<string, () => Promise<TextTree>>> = {
  start: import.meta.glob<TextTree>('./locales/*.json', { query: '?texts=start', import: 'default' }),
  rest: import.meta.glob<TextTree>('./locales/*.json', { query: '?texts=rest', import: 'default' }),
};
const fileOf = (code: string) => `./locales/${code.toLowerCase()}.json`;

/** One part of a language's texts; undefined when the language has no translation file. */
export async function loadTexts(code: string, part: TextPart): Promise<TextTree | undefined> {
  return parts[part][fileOf(code)]?.();
}
