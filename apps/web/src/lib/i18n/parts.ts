/**
 * Every language is one file, split in two when the app is built: the texts the first screen can
 * show (the shell: header, sidebar, footer, menus and their notices; the home feed and its cards)
 * load before the first render, the rest right after it and before any other page opens. Keeping
 * the first part small keeps the first visit small (#17).
 *
 * A key belongs to the first screen when it is one of these, or lies under one of them (`videos`
 * covers `videos.views_one`, `videos.chips.all`, …). parts.test.ts fails when a module the first
 * screen imports uses a key that is not covered here.
 */
export const FIRST_SCREEN_KEYS: readonly string[] = [
  'app',
  'common',
  'header',
  'sidebar',
  'footer',
  'language',
  'errors',
  'pages',
  'videos',
  'clips.category', // the home feed names a filtered category
  'auth.signedOut',
  'wallet.authFailed',
  'wallet.challengeFailed',
  'wallet.failed',
  'wallet.noAccounts',
  'wallet.notInstalled',
  'advertiser.sponsored',
  'advertiser.sponsoredBy',
  'advertiser.sponsoredLabel',
  'advertiser.errors.network',
  'earnings.payout.failed',
  'earnings.payout.network',
  'earnings.referral.recorded',
  'notifications.bell',
];

export type TextPart = 'start' | 'rest';
export const TEXT_PARTS: readonly TextPart[] = ['start', 'rest'];

/** A language's texts: strings, lists (returned whole, e.g. a page's paragraphs) and groups of them. */
export type TextTree = { [key: string]: string | unknown[] | TextTree };

/** Whether a key (`a.b.c`, plural forms included) is one the first screen can show. */
export function isFirstScreenKey(key: string): boolean {
  return FIRST_SCREEN_KEYS.some(
    (k) => key === k || key.startsWith(`${k}.`) || (key.startsWith(`${k}_`) && !key.slice(k.length + 1).includes('.')),
  );
}

/** The part of a language's texts that one load brings: the same tree with only that part's keys. */
export function textsOf(tree: TextTree, part: TextPart, prefix = ''): TextTree {
  const out: TextTree = {};
  for (const [name, value] of Object.entries(tree)) {
    const key = `${prefix}${name}`;
    // a list is a text of its own (t(key, { returnObjects: true })): it goes whole to one part
    if (typeof value === 'string' || Array.isArray(value)) {
      if (isFirstScreenKey(key) === (part === 'start')) out[name] = value;
      continue;
    }
    const inner = textsOf(value, part, `${key}.`);
    if (Object.keys(inner).length) out[name] = inner;
  }
  return out;
}
