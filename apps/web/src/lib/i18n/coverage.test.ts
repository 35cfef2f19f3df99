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

/** Words a text may keep in English in every language, and why. */
const NAMES: Record<string, string> = {
  tarang: 'the product name',
  web3: 'the technology is called so in every language',
  defi: 'the abbreviation of decentralised finance, used as is',
  nft: 'the abbreviation of non-fungible token, used as is',
  webvtt: 'the name of the captions format',
  hls: 'the name of the streaming format',
  webrtc: 'the name of the real-time protocol',
  vtt: 'the captions file extension',
  nfts: 'its plural, the way German and Portuguese write it',
  upi: "India's payment system calls itself so in every language",
  sdk: 'the software kit is named so on developer pages everywhere',
};

/**
 * Words a language takes from English, spelled as in English: a text identical to English is
 * accepted when each of its words is here or in NAMES. Everything else must be translated.
 */
const SAME_AS_ENGLISH: Record<string, Record<string, string>> = {
  de: {
    normal: 'a German word (normal speed)',
    autoplay: 'what German video sites call it',
    live: 'German streaming sites say Live',
    clip: 'German for a short video',
    clips: 'German for short videos',
    gaming: 'the category German YouTube calls Gaming',
    support: 'German for customer help',
    tags: 'German for tags on a video',
    community: 'the community area German sites call Community',
    wallet: 'German crypto users say Wallet',
    administrator: 'a German word',
    hindi: 'the German name of the language',
    tamil: 'the German name of the language',
    likes: 'German social media say Likes',
    video: 'a German word',
    videos: 'a German word',
    status: 'a German word',
    feedback: 'German for feedback',
    name: 'a German word',
    comedy: 'the category German video sites call Comedy',
    vlog: 'the format has no other name',
    moderation: 'a German word',
    budget: 'a German word',
    link: 'a German word',
    optional: 'a German word',
    creator: 'German platforms say Creator',
  },
  es: {
    normal: 'a Spanish word (normal speed)',
    tokens: 'Spanish plural of token',
    clip: 'Spanish for a short video',
    clips: 'Spanish for short videos',
    hindi: 'the Spanish name of the language',
    tamil: 'the Spanish name of the language',
    video: 'the Latin American spelling this file uses',
    videos: 'the Latin American spelling this file uses',
    ticket: 'Spanish help desks say ticket',
    cookie: 'the word Spanish web developers use',
    no: 'a Spanish word',
    vlog: 'the format has no other name',
    h: 'the symbol of the hour',
    min: 'the symbol of the minute',
  },
  fr: {
    notifications: 'a French word',
    menu: 'a French word',
    clip: 'French for a short video',
    clips: 'French for short videos',
    description: 'a French word',
    message: 'a French word',
    tags: 'French video sites say tags',
    documentation: 'a French word',
    documents: 'a French word',
    sessions: 'a French word',
    hindi: 'the French name of the language',
    bengali: 'the French name of the language',
    faq: 'French abbreviates foire aux questions as FAQ',
    ticket: 'French help desks say ticket',
    licence: 'the French spelling',
    type: 'a French word',
    cookie: 'the word French web developers use',
    art: 'a French word',
    sports: 'a French word',
    vlog: 'the format has no other name',
    h: 'the symbol of the hour',
    min: 'the symbol of the minute',
    engagement: 'a French word',
    date: 'a French word',
    impressions: 'a French word',
    active: 'a French word (une campagne active)',
    budget: 'a French word',
    minimum: 'a French word',
  },
  id: {
    normal: 'an Indonesian word (normal speed)',
    edit: 'Indonesian interfaces say Edit',
    menu: 'an Indonesian word',
    trending: 'Indonesian video sites say Trending',
    live: 'Indonesian streaming sites say Live',
    email: 'an Indonesian word',
    rating: 'an Indonesian word',
    wallet: 'Indonesian crypto users say wallet',
    administrator: 'an Indonesian word',
    hindi: 'the Indonesian name of the language',
    tamil: 'the Indonesian name of the language',
    bengali: 'the Indonesian name of the language',
    status: 'an Indonesian word',
    data: 'an Indonesian word',
    header: 'the word Indonesian web developers use',
    cookie: 'the word Indonesian web developers use',
    format: 'an Indonesian word',
    tutorial: 'an Indonesian word',
    vlog: 'the format has no other name',
    video: 'an Indonesian word',
  },
  it: {
    menu: 'an Italian word',
    home: 'Italian sites call the start page Home',
    email: 'Italian for e-mail',
    password: 'Italian interfaces say password',
    clip: 'Italian for a short video',
    community: 'Italian sites say community',
    wallet: 'Italian crypto users say wallet',
    account: 'Italian interfaces say account',
    hindi: 'the Italian name of the language',
    tamil: 'the Italian name of the language',
    staff: 'Italian says staff',
    feedback: 'Italian says feedback',
    query: 'the word Italian web developers use',
    cookie: 'the word Italian web developers use',
    no: 'an Italian word',
    tutorial: 'an Italian word',
    vlog: 'the format has no other name',
    h: 'the symbol of the hour',
    min: 'the symbol of the minute',
    video: 'an Italian word',
    budget: 'Italian says budget',
    creator: 'Italian platforms say creator',
  },
  ja: { vlog: 'Japanese writes Vlog in Latin letters', id: 'Japanese writes ID in Latin letters' },
  ko: { id: 'Korean writes ID in Latin letters' },
  lus: {
    quality: 'Mizo takes the word from English (video quality)',
    auto: 'Mizo takes the word from English',
    autoplay: 'Mizo takes the word from English',
    theatre: 'Mizo takes the word from English (theatre mode)',
    mode: 'Mizo takes the word from English',
    file: 'Mizo takes the word from English',
    menu: 'Mizo takes the word from English',
    home: 'Mizo says Home (common.goHome: Home-ah kal rawh)',
    live: 'Mizo says Live for a live stream',
    stream: 'Mizo says stream (pages.live: Live stream-te)',
    email: 'Mizo takes the word from English',
    wallet: 'Mizo takes the word from English, as in all its wallet texts',
    username: 'Mizo takes the word from English, as in all its account texts',
    password: 'Mizo takes the word from English',
    account: 'Mizo takes the word from English',
    ticket: 'Mizo says ticket (help.tabs.tickets: Ka Ticket-te)',
    clip: 'Mizo takes the word from English',
    like: 'Mizo takes the word from English, as in videos.likes',
    id: 'Mizo writes ID in Latin letters',
    video: 'Mizo takes the word from English',
    budget: 'Mizo takes the word from English, as in its budget errors',
    path: 'Mizo has no developer vocabulary of its own',
    query: 'Mizo has no developer vocabulary of its own',
    header: 'Mizo has no developer vocabulary of its own',
    cookie: 'Mizo has no developer vocabulary of its own',
    s: 'the symbol of the second',
    min: 'the symbol of the minute',
  },
  pt: {
    normal: 'a Portuguese word (normal speed)',
    tokens: 'Portuguese plural of token',
    menu: 'a Portuguese word',
    tags: 'Brazilian video sites say tags',
    bengali: 'the Portuguese name of the language',
    status: 'a Portuguese word',
    cookie: 'the word Portuguese web developers use',
    vlog: 'the format has no other name',
    h: 'the symbol of the hour',
    min: 'the symbol of the minute',
  },
  ru: {
    id: 'Russian interfaces write ID in Latin letters',
    cookie: 'Russian writes cookie in Latin letters, as its privacy page does',
  },
  sw: { video: 'a Swahili word', data: 'a Swahili word' },
  tr: { vlog: 'the format has no other name', video: 'a Turkish word', normal: 'a Turkish word (normal speed)' },
  vi: {
    menu: 'Vietnamese interfaces say Menu',
    email: 'Vietnamese interfaces say Email',
    clip: 'Vietnamese for a short video',
    header: 'the word Vietnamese web developers use',
    cookie: 'the word Vietnamese web developers use',
    vlog: 'the format has no other name',
    video: 'a Vietnamese word',
  },
  zh: { vlog: 'Chinese video sites write Vlog in Latin letters', id: 'Chinese writes ID in Latin letters' },
};

/** the words of a text, leaving out its {{placeholders}} and <tags> */
const words = (text: string) =>
  [...text.replace(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g, ' ').matchAll(/\p{L}[\p{L}\p{N}]*/gu)].map((m) => m[0].toLowerCase());

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

  describe.each(TRANSLATED)('%s', (code) => {
    const own = coverage.find((x) => x.code === code)!.keys;
    const allowed = { ...NAMES, ...SAME_AS_ENGLISH[code] };
    const untranslated = [...own].filter(([key, text]) => english.get(key) === text);

    it('translates every text, except names and the words it takes from English', () => {
      const left = untranslated.filter(([, text]) => !words(text).every((word) => word in allowed));
      expect(left).toEqual([]);
    });

    it('takes from English only words it still uses as they are', () => {
      const used = new Set(untranslated.flatMap(([, text]) => words(text)));
      expect(Object.keys(SAME_AS_ENGLISH[code] ?? {}).filter((word) => !used.has(word))).toEqual([]);
    });
  });

  it('has a complete translation for every language the picker offers', () => {
    expect(LANGUAGES.map((l) => l.code.toLowerCase()).filter((code) => !bundles[code])).toEqual([]);
  });

  it('has 30 Indian and 17 international languages with unique codes', () => {
    expect(LANGUAGES.filter((l) => l.category === 'indian')).toHaveLength(30);
    expect(LANGUAGES.filter((l) => l.category === 'international')).toHaveLength(17);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(47);
  });
});
