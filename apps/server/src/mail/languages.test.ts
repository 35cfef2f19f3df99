import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import english from './locales/en.ts';
import { MAIL_LANGUAGES, mailLanguage, mailTexts, type MailTexts } from './languages.ts';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flatten(v, `${prefix}${k}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** The same in every language: the signature is the brand's name. */
const SAME_AS_ENGLISH = new Set(['signature']);

describe('the language of a mail', () => {
  it('is the most preferred language of Accept-Language that Tarang offers', () => {
    expect(mailLanguage('ta-IN,ta;q=0.9,en;q=0.8')).toBe('ta');
    expect(mailLanguage('xx-YY, fr;q=0.5, de;q=0.7')).toBe('de');
    expect(mailLanguage('HI')).toBe('hi');
    expect(mailLanguage('es;q=0, bn')).toBe('bn');
    expect(mailLanguage('kok;q=0.4,mni;q=0.4')).toBe('kok'); // a tie keeps the header's order
  });

  it('is English when nothing offered is asked for, or the header is not one', () => {
    const headers = [undefined, '', '*', 'xx', 'en-GB', ';;;,,,', 'q=1', 'hi;q=0', '../../etc/passwd', '__proto__'];
    for (const header of headers) expect(mailLanguage(header), String(header)).toBe('en');
  });

  it('takes a malformed weight as no weight', () => {
    expect(mailLanguage('hi;q=abc, ta;q=0.5')).toBe('hi');
    expect(mailLanguage('hi;q=2, ta;q=0.5')).toBe('hi');
  });

  it('reads a huge header only so far, and quickly', () => {
    const huge = `${'zz;q=0.1,'.repeat(200_000)}hi`;
    const started = performance.now();
    expect(mailLanguage(huge)).toBe('en'); // hi is beyond what is read
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('the mails’ texts', () => {
  const englishTexts = flatten(english);

  it('exist for exactly the languages the web app offers', () => {
    const web = fs
      .readdirSync(new URL('../../../web/src/lib/i18n/locales/', import.meta.url))
      .map((file) => file.replace(/\.json$/, ''));
    expect([...MAIL_LANGUAGES].sort()).toEqual(web.sort());
  });

  it.each(MAIL_LANGUAGES.filter((code) => code !== 'en'))(
    '%s has every text, translated, with the same placeholders as English',
    async (code) => {
      const texts: MailTexts = await mailTexts(code);
      const own = new Map(flatten(texts));
      expect([...own.keys()]).toEqual(englishTexts.map(([key]) => key));
      for (const [key, text] of englishTexts) {
        const translated = own.get(key)!;
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(text));
        if (!SAME_AS_ENGLISH.has(key)) expect(translated, key).not.toBe(text);
      }
    },
  );
});
