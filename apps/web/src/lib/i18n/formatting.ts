import { formatDuration, formatInr, formatRupees, tokenTenths } from '@app/shared';
import type { FormatterModule } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from './languages.ts';

type Digits = 'latn' | 'deva' | 'beng' | 'olck' | 'arab' | 'arabext';

/**
 * The digits each language is shown with, where it is not Latin, and why: what the everyday writing
 * of its readers (newspapers, apps, signs) uses, not only what the script has.
 *
 * | language                 | digits        | why                                                                      |
 * |--------------------------|---------------|--------------------------------------------------------------------------|
 * | Bengali, Assamese        | ০১২ (beng)    | print, schoolbooks and Bengali/Assamese apps use their own digits        |
 * | Manipuri (Bengali script)| ০১২ (beng)    | written in the Bengali script, with its digits                           |
 * | Marathi, Nepali          | १२३ (deva)    | Marathi papers and Nepali everything (dates, prices) use Devanagari ones |
 * | Sanskrit                 | १२३ (deva)    | Sanskrit is not written with Latin digits                                |
 * | Santali (Ol Chiki)       | ᱑᱒᱓ (olck)   | Ol Chiki is taught and printed with its own digits                       |
 * | Arabic                   | ١٢٣ (arab)    | the Gulf and Egypt, most of our Arabic readers, write Arabic-Indic ones  |
 * | Persian                  | ۱۲۳ (arabext) | Iran and Afghanistan use Persian digits everywhere                       |
 * | every other language     | 123 (latn)    | Hindi and the Hindi-belt languages, Tamil, Telugu, Kannada, Malayalam,   |
 * |                          |               | Gujarati, Punjabi, Odia, Urdu, Kashmiri, Sindhi, Thai: their native      |
 * |                          |               | digits exist but screens, prices and phones use 0-9                      |
 */
const NATIVE_DIGITS: Partial<Record<string, Digits>> = {
  bn: 'beng',
  as: 'beng',
  mni: 'beng',
  mr: 'deva',
  ne: 'deva',
  sa: 'deva',
  sat: 'olck',
  ar: 'arab',
  fa: 'arabext',
};

/**
 * When a browser has no data for a language (Chromium leaves out many), its dates and number words
 * come from the nearest language it has that shares the script; Latin-script Mizo and Santali,
 * whose script no big neighbour shares, from Indian English.
 */
const NEAREST: Partial<Record<string, string>> = {
  mai: 'hi',
  kok: 'mr',
  doi: 'hi',
  brx: 'hi',
  sa: 'hi',
  bho: 'hi',
  raj: 'hi',
  awa: 'hi',
  mag: 'hi',
  hne: 'hi',
  gbm: 'hi',
  ks: 'ur',
  sd: 'ur',
  mni: 'bn',
  tcy: 'kn',
  sat: 'en',
  lus: 'en',
};

const INDIAN = new Set(LANGUAGES.filter((l) => l.category === 'indian').map((l) => l.code.toLowerCase()));

const supported = (locale: string) => Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;

/** The Intl locale a language's dates and number words use: `ta-IN` for the Indian languages. */
export function intlLocale(language: string): string {
  const lng = language.toLowerCase();
  const region = INDIAN.has(lng) ? '-IN' : '';
  const base = supported(`${lng}${region}`) ? lng : (NEAREST[lng] ?? 'en');
  return `${base}${region}-u-nu-${NATIVE_DIGITS[lng] ?? 'latn'}`;
}

/** Whether a locale writes 100000, plain and in rupees, as 1,00,000 (two group separators). */
const groupsTheIndianWay = (locale: string) =>
  [new Intl.NumberFormat(locale), new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' })].every(
    (format) => format.formatToParts(100_000).filter((p) => p.type === 'group').length === 2,
  );

/**
 * The Intl locale plain numbers and rupees use. The Indian languages group in lakhs and crores
 * (1,00,000); some languages' data groups by thousands even with region IN (Kannada, Urdu,
 * Maithili, Marathi's rupees…), so those take the Indian English pattern with their own digits.
 */
function numberLocale(language: string): string {
  const locale = intlLocale(language);
  if (!INDIAN.has(language) || groupsTheIndianWay(locale)) return locale;
  return `en-IN-u-nu-${NATIVE_DIGITS[language] ?? 'latn'}`;
}

/** Every number and date the web app shows, in one reader's language. */
export interface Formats {
  /** the Intl locale of the numbers: `hi-IN-u-nu-latn`, `bn-IN-u-nu-beng` */
  locale: string;
  /** 1234567 → 12,34,567 (Hindi), ১২,৩৪,৫৬৭ (Bengali), 1,234,567 (English) */
  number(n: number): string;
  /** a measure to fixed decimals: (2.25, 1) → 2.3 (Hindi), ٢٫٣ (Arabic) */
  decimal(n: number, digits: number): string;
  /** a percentage given in percent: (12.5, 1) → 12.5%, ১২.৫% (Bengali), ١٢٫٥٪ (Arabic) */
  percent(percent: number, digits: number): string;
  /** a count on a card: 1500 → 1.5K (English), 1.5 हज़ार (Hindi); never rounded up */
  count(n: number): string;
  /** a token amount in tenths, cut down: 12345.67 → 12,345.6 */
  tokens(n: number): string;
  /** integer paise as rupees: 123456789 → ₹12,34,567.89 */
  rupees(paise: number): string;
  /** rupees from the API (at most two decimals) */
  inr(rupees: number): string;
  /** a day: 28/11/2026 in the language's order and digits */
  date(iso: string): string;
  /** a day and time, to the second */
  dateTime(iso: string): string;
  /** hours and minutes */
  time(iso: string): string;
  /** a planned moment in the reader's own time zone, named: Fri, 5 Dec, 18:30 IST */
  moment(iso: string): string;
  /** a year as a bare number in the language's digits: 2026, ২০২৬ (no 年, no grouping) */
  year(date: Date): string;
  /** a length of time as a clock: 65 → 1:05, 3725 → 1:02:05 (Bengali ১:০২:০৫) */
  duration(seconds: number): string;
}

/** Made on first use: a language's first date format costs tens of milliseconds on a phone. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function createFormats(language: string): Formats {
  const locale = numberLocale(language);
  const dates = intlLocale(language);
  const plain = once(() => new Intl.NumberFormat(locale));
  const compact = once(
    () => new Intl.NumberFormat(dates, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' }),
  );
  const tenths = once(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  const day = once(() => new Intl.DateTimeFormat(dates, { year: 'numeric', month: 'numeric', day: 'numeric' }));
  const dayTime = once(
    () =>
      new Intl.DateTimeFormat(dates, {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );
  const clock = once(() => new Intl.DateTimeFormat(dates, { hour: '2-digit', minute: '2-digit' }));
  const planned = once(
    () =>
      new Intl.DateTimeFormat(dates, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  );
  const fixed = new Map<string, Intl.NumberFormat>();
  const fixedFormat = (style: 'decimal' | 'percent', digits: number) => {
    const key = `${style}:${digits}`;
    let made = fixed.get(key);
    if (!made) {
      made = new Intl.NumberFormat(locale, { style, minimumFractionDigits: digits, maximumFractionDigits: digits });
      fixed.set(key, made);
    }
    return made;
  };
  const bareYear = once(() => new Intl.NumberFormat(locale, { useGrouping: false }));
  return {
    locale,
    number: (n) => plain().format(n),
    decimal: (n, digits) => fixedFormat('decimal', digits).format(n),
    percent: (percent, digits) => fixedFormat('percent', digits).format(percent / 100),
    count: (n) => compact().format(n),
    tokens: (n) => tenths().format(tokenTenths(n)),
    rupees: (paise) => formatRupees(paise, locale),
    inr: (rupees) => formatInr(rupees, locale),
    date: (iso) => day().format(new Date(iso)),
    dateTime: (iso) => dayTime().format(new Date(iso)),
    time: (iso) => clock().format(new Date(iso)),
    moment: (iso) => planned().format(new Date(iso)),
    year: (date) => bareYear().format(date.getFullYear()),
    duration: (seconds) => formatDuration(seconds).replace(/\d/g, (d) => bareYear().format(Number(d))),
  };
}

/** One set of formats per language. */
const cache = new Map<string, Formats>();
export function formatsFor(language: string): Formats {
  const lng = language.toLowerCase();
  let formats = cache.get(lng);
  if (!formats) cache.set(lng, (formats = createFormats(lng)));
  return formats;
}

/** The formats of the language the page shows, for a component (it re-renders when the language changes). */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  return formatsFor(i18n.language);
}

const namedFormatsUnused = () => {
  throw new Error('texts use no named formats ({{x, name}}): format values with lib/i18n/formatting.ts');
};

/**
 * i18next's formatter, replaced (with `interpolation.alwaysFormat`): a number put into a text
 * (`{{count}} days ago`, `up to {{max}}`) is written in the text's language, with its digits and
 * grouping; anything else is left as it is.
 */
export const numbersInTexts: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: namedFormatsUnused,
  addCached: namedFormatsUnused,
  // FormatFunction promises a string, yet i18next passes any other value on as it came
  format: (value: unknown, _format, lng) =>
    (typeof value === 'number' && lng ? formatsFor(lng).number(value) : value) as string,
};
