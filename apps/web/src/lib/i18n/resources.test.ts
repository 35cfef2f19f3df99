import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { english, loadTranslation } from './resources.ts';
import { allTranslations } from './testing/all-translations.ts';

describe('translations loaded on demand', () => {
  it('fetches a language by its code, in either case', async () => {
    const hindi = await loadTranslation('hi');
    expect(hindi?.language.choose).toBe('भाषा');
    expect(await loadTranslation('HI')).toBe(hindi);
  });

  it('has English at hand, and nothing for a code without a file of its own', async () => {
    expect(await loadTranslation('en')).toBe(english);
    expect(await loadTranslation('xx')).toBeUndefined();
  });

  it('finds a file for every language with one, and only languages the picker offers have one', async () => {
    const loaded = await Promise.all(
      LANGUAGES.map(async (l) => [l.code.toLowerCase(), await loadTranslation(l.code)] as const),
    );
    expect(
      loaded
        .filter(([, texts]) => texts)
        .map(([code]) => code)
        .sort(),
    ).toEqual(Object.keys(allTranslations).sort());
  });
});
