import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatsFor, intlLocale, numbersInTexts } from './formatting.ts';
import { LANGUAGES } from './languages.ts';

const ISO = '2026-11-28T10:05:00Z';

describe('formatsFor', () => {
  it('writes Hindi with Latin digits grouped in lakhs, counts in हज़ार and लाख', () => {
    const hi = formatsFor('hi');
    expect(hi.locale).toBe('hi-IN-u-nu-latn');
    expect(hi.number(100_000)).toBe('1,00,000');
    expect(hi.number(123_456_789)).toBe('12,34,56,789');
    expect(hi.count(999)).toBe('999');
    expect(hi.count(1_599)).toBe('1.5\u00a0हज़ार'); // cut down; a no-break space, never rounded up to 1.6
    expect(hi.count(1_530_000)).toBe('15.3\u00a0लाख');
    expect(hi.tokens(12_345.67)).toBe('12,345.6');
    expect(hi.rupees(123_456_789)).toBe('₹12,34,567.89');
    expect(hi.inr(500_000)).toBe('₹5,00,000.00');
    expect(hi.date(ISO)).toBe('28/11/2026');
  });

  it('writes Bengali with Bengali digits, in lakhs', () => {
    const bn = formatsFor('bn');
    expect(bn.number(1_234_567)).toBe('১২,৩৪,৫৬৭');
    expect(bn.tokens(100)).toBe('১০০.০');
    expect(bn.rupees(123_456_789)).toBe('₹১২,৩৪,৫৬৭.৮৯');
    expect(bn.date(ISO)).toBe('২৮/১১/২০২৬');
    expect(bn.year(new Date(ISO))).toBe('২০২৬');
    expect(bn.duration(3725)).toBe('১:০২:০৫'); // a video's length and the live clock too
  });

  it('writes Tamil with Latin digits, in lakhs', () => {
    const ta = formatsFor('ta');
    expect(ta.locale).toBe('ta-IN-u-nu-latn');
    expect(ta.number(1_234_567)).toBe('12,34,567');
    expect(ta.duration(65)).toBe('1:05');
    expect(ta.rupees(10_000_000)).toBe('₹1,00,000.00');
    expect(ta.count(1_500_000)).toBe('1.5மி');
    expect(ta.date(ISO)).toBe('28/11/2026');
  });

  it('writes Urdu with Latin digits in lakhs, though its locale data groups by thousands', () => {
    const ur = formatsFor('ur');
    expect(ur.number(1_234_567)).toBe('12,34,567');
    expect(ur.rupees(123_456_789)).toBe('₹12,34,567.89');
    expect(ur.count(1_530_000)).toBe('15.3\u00a0لاکھ');
  });

  it('writes Arabic with Arabic-Indic digits and separators, by thousands', () => {
    const ar = formatsFor('ar');
    expect(ar.number(1_234_567)).toBe('١٬٢٣٤٬٥٦٧');
    expect(ar.tokens(12.34)).toBe('١٢٫٣');
    expect(ar.rupees(123_456)).toMatch(/١٬٢٣٤٫٥٦.*₹/);
    expect(ar.date(ISO)).toMatch(/^٢٨.*١١.*٢٠٢٦$/);
  });

  it('writes English as before: by thousands, 1.5K, 100.0 tokens', () => {
    const en = formatsFor('en');
    expect(en.number(1_234_567)).toBe('1,234,567');
    expect([en.count(999), en.count(1_500), en.count(2_300_000), en.count(1_000_000)]).toEqual([
      '999',
      '1.5K',
      '2.3M',
      '1M',
    ]);
    expect([en.tokens(100), en.tokens(0.1 + 0.2), en.tokens(10.99)]).toEqual(['100.0', '0.3', '10.9']);
    expect(en.rupees(-500)).toBe('-₹5.00');
    expect(en.date(ISO)).toBe('11/28/2026');
  });

  it('writes Japanese by thousands, counts in 万, dates year first', () => {
    const ja = formatsFor('ja');
    expect(ja.number(1_234_567)).toBe('1,234,567');
    expect(ja.count(1_530_000)).toBe('153万');
    expect(ja.rupees(123_456)).toBe('₹1,234.56');
    expect(ja.date(ISO)).toBe('2026/11/28');
    expect(ja.year(new Date(ISO))).toBe('2026'); // the text around it says 年 if it wants to
  });

  it('groups every Indian language in lakhs, rupees included, whatever its locale data says', () => {
    for (const { code, category } of LANGUAGES) {
      if (category !== 'indian') continue;
      const f = formatsFor(code);
      const shape = (s: string) => s.replace(/\p{Nd}/gu, '0'); // any script's digits
      expect(shape(f.number(100_000)), code).toBe('0,00,000');
      expect(shape(f.rupees(10_000_000)), code).toContain('0,00,000.00');
    }
  });

  it('falls back to the nearest language a browser has, keeping the digits', () => {
    expect(intlLocale('awa')).toBe('hi-IN-u-nu-latn'); // no Awadhi data in ICU
    expect(intlLocale('sat')).toMatch(/-IN-u-nu-olck$/);
    expect(intlLocale('HI')).toBe('hi-IN-u-nu-latn');
  });
});

describe('numbersInTexts', () => {
  it("writes the numbers put into a text in the text's language, and leaves other values alone", async () => {
    const i18n = i18next.createInstance().use(numbersInTexts);
    await i18n.init({
      lng: 'bn',
      resources: {
        bn: { translation: { ago: '{{count}} দিন আগে', by: '{{name}}: {{max}}' } },
        hi: { translation: { ago: '{{count}} दिन पहले' } },
      },
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
    expect(i18n.t('ago', { count: 3 })).toBe('৩ দিন আগে');
    expect(i18n.t('by', { name: 'asha 42', max: 100_000 })).toBe('asha 42: ১,০০,০০০');
    expect(i18n.t('ago', { count: 3, lng: 'hi' })).toBe('3 दिन पहले');
  });
});
