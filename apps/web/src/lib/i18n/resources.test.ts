import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { TEXT_PARTS, isFirstScreenKey, type TextTree } from './parts.ts';
import { loadTexts } from './resources.ts';
import { allTranslations } from './testing/all-translations.ts';

const flatten = (tree: TextTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' || Array.isArray(v) ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  );

describe('translations loaded on demand', () => {
  it('fetches a language by its code, in either case, in two parts', async () => {
    const start = await loadTexts('hi', 'start');
    const rest = await loadTexts('hi', 'rest');
    expect((start?.language as TextTree).choose).toBe('भाषा');
    expect((rest?.settings as TextTree).title).toBeTypeOf('string');
    expect(await loadTexts('HI', 'start')).toBe(start);
  });

  it('keeps a list of texts a list, whole in one part', async () => {
    const info = (await loadTexts('hi', 'rest'))?.info as { support: { topics: { upload: { steps: unknown } } } };
    const steps = (allTranslations.hi!.translation.info as typeof info).support.topics.upload.steps;
    expect(Array.isArray(steps)).toBe(true);
    expect(info.support.topics.upload.steps).toEqual(steps);
  });

  it('has nothing for a code without a file of its own', async () => {
    expect(await loadTexts('xx', 'start')).toBeUndefined();
    expect(await loadTexts('xx', 'rest')).toBeUndefined();
  });

  it('splits every language into the first screen’s texts and the rest, losing and repeating none', async () => {
    for (const language of LANGUAGES) {
      const code = language.code.toLowerCase();
      const [start, rest] = await Promise.all(TEXT_PARTS.map((part) => loadTexts(code, part)));
      const whole = flatten((allTranslations[code]!.translation ?? {}) as TextTree).sort();
      const startKeys = flatten(start!);
      const restKeys = flatten(rest!);
      expect(startKeys.every(isFirstScreenKey), code).toBe(true);
      expect(restKeys.some(isFirstScreenKey), code).toBe(false);
      expect([...startKeys, ...restKeys].sort(), code).toEqual(whole);
    }
    // 47 languages, each loaded, split and compared whole: seconds on a busy machine.
  }, 60_000);

  it('finds files for every language with one, and only languages the picker offers have one', async () => {
    const loaded = await Promise.all(
      LANGUAGES.map(async (l) => [l.code.toLowerCase(), await loadTexts(l.code, 'start')] as const),
    );
    expect(
      loaded
        .filter(([, texts]) => texts)
        .map(([code]) => code)
        .sort(),
    ).toEqual(Object.keys(allTranslations).sort());
  });
});
