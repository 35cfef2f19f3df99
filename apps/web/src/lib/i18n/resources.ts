import en from './locales/en.json';

export type Translation = typeof en;

/** English ships in the main bundle: every other language falls back to it key by key. */
export const english: Translation = en;

/** The other translations, each a chunk of its own that only its readers download. */
const others = import.meta.glob<Translation>(['./locales/*.json', '!./locales/en.json'], { import: 'default' });
const fileOf = (code: string) => `./locales/${code.toLowerCase()}.json`;

/** A language's own texts, fetched on first use; undefined when it has no translation file. */
export async function loadTranslation(code: string): Promise<Translation | undefined> {
  if (code.toLowerCase() === 'en') return english;
  return others[fileOf(code)]?.();
}
