import type english from './locales/en.ts';

/** The mails' texts in one language: the same texts as English's, each in its own words. */
export type MailTexts = typeof english;

/** Every language the web app offers (apps/web/src/lib/i18n/languages.ts; a test keeps the two in step). */
export const MAIL_LANGUAGES = [
  'hi', 'bn', 'te', 'mr', 'ta', 'ur', 'gu', 'kn', 'ml', 'or', 'pa', 'as', 'mai', 'sat', 'ks', 'ne',
  'sd', 'kok', 'doi', 'mni', 'brx', 'sa', 'bho', 'raj', 'awa', 'mag', 'hne', 'tcy', 'gbm', 'lus',
  'en', 'es', 'fr', 'de', 'pt', 'ru', 'zh', 'ja', 'ko', 'ar', 'fa', 'tr', 'id', 'it', 'vi', 'th', 'sw',
] as const; // prettier-ignore

export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const offered: ReadonlySet<string> = new Set(MAIL_LANGUAGES);
const isOffered = (code: string): code is MailLanguage => offered.has(code);

/**
 * The language a mail is written in: the request's `Accept-Language` (the web app sends the
 * language the person chose), taking the most preferred language we offer, a regional tag
 * (`ta-IN`) counting for its language. English when nothing offered is asked for.
 */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  const wanted = (acceptLanguage ?? '')
    .slice(0, 512) // a header is only read this far: a huge one costs no more than a normal one
    .split(',', 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{1,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { code: tag.split('-')[0]!, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.q > 0 && isOffered(w.code))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (wanted[0]?.code as MailLanguage | undefined) ?? 'en';
}

const loaded = new Map<MailLanguage, Promise<MailTexts>>();

/** One language's texts, loaded when a mail first needs them (each language is its own chunk). */
export function mailTexts(language: MailLanguage): Promise<MailTexts> {
  let texts = loaded.get(language);
  if (!texts) {
    texts = import(`./locales/${language}.ts`).then((m: { default: MailTexts }) => m.default);
    loaded.set(language, texts);
  }
  return texts;
}
