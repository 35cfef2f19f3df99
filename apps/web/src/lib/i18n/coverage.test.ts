import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { allTranslations } from './testing/all-translations.ts';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as const] : [...flatten(v, `${prefix}${k}.`)],
    ),
  );

const bundles = allTranslations as unknown as Record<string, { translation: Tree }>;
const english = flatten(bundles.en!.translation);
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBases = [...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, ''));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** the `<name>…</name>` markers the pages fill with links */
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)>/g)].map((m) => m[0]).sort();

/** Every language ships as one complete file: a new English key needs its text in all of them. */
const TRANSLATED = Object.keys(bundles).filter((code) => code !== 'en');

describe('translations', () => {
  const coverage = LANGUAGES.map((lang) => {
    const code = lang.code.toLowerCase();
    const keys = bundles[code] ? flatten(bundles[code].translation) : new Map<string, string>();
    // Plural keys are checked by the forms each language needs (Arabic has six, English two).
    const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const needed = [...english.keys()].filter((k) => !PLURAL.test(k));
    for (const base of new Set(pluralBases)) for (const form of forms) needed.push(`${base}_${form}`);
    const missing = needed.filter((k) => !keys.has(k));
    const extra = [...keys.keys()].filter(
      (k) => !needed.includes(k) && !(PLURAL.test(k) && pluralBases.includes(k.replace(PLURAL, ''))),
    );
    return { code, name: lang.english, keys, missing, extra };
  });

  it('prints the coverage of every language', () => {
    const rows = coverage.map((c) => {
      const total = c.missing.length + c.keys.size - c.extra.length;
      const percent = String(Math.floor(((total - c.missing.length) / total) * 100)).padStart(3);
      return `${c.code.padEnd(4)} ${c.name.padEnd(14)} ${percent}%  ${c.missing.length ? `missing ${c.missing.length} keys` : 'complete'}`;
    });
    console.log(`\nTranslation coverage (falls back to English key by key):\n${rows.join('\n')}\n`);
    expect(coverage).toHaveLength(47);
  });

  it.each(TRANSLATED)(
    '%s is complete, with no stray keys or empty texts, and the same placeholders and tags as English',
    (code) => {
      const c = coverage.find((x) => x.code === code)!;
      expect(c.missing).toEqual([]);
      expect(c.extra).toEqual([]);
      expect([...c.keys].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
      for (const [key, text] of english) {
        const own = c.keys.get(key);
        if (own === undefined) continue;
        expect(tags(own), key).toEqual(tags(text));
        if (!PLURAL.test(key)) expect(placeholders(own), key).toEqual(placeholders(text));
      }
    },
  );

  it('has a complete translation for every language the picker offers', () => {
    expect(LANGUAGES.map((l) => l.code.toLowerCase()).filter((code) => !bundles[code])).toEqual([]);
  });

  it('has 30 Indian and 17 international languages with unique codes', () => {
    expect(LANGUAGES.filter((l) => l.category === 'indian')).toHaveLength(30);
    expect(LANGUAGES.filter((l) => l.category === 'international')).toHaveLength(17);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(47);
  });
});
