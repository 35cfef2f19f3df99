import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { notify } from '../notifications.ts';
import { numbersInTexts } from './formatting.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, findLanguage, isRightToLeft } from './languages.ts';
import { TEXT_PARTS, type TextPart } from './parts.ts';
import { loadTexts } from './resources.ts';
import { loadScriptFonts } from './script-fonts.ts';

function storedLanguage(): string {
  return findLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY))?.code ?? DEFAULT_LANGUAGE;
}

function applyToDocument(code: string): void {
  document.documentElement.lang = code.toLowerCase();
  document.documentElement.dir = isRightToLeft(code) ? 'rtl' : 'ltr';
  loadScriptFonts(code.toLowerCase());
}

/** The parts of each language loaded or on their way: each is fetched once (again only after a failure). */
const loading = new Map<string, Promise<void>>();

function ensureTexts(lng: string, part: TextPart): Promise<void> {
  const id = `${lng}:${part}`;
  let texts = loading.get(id);
  if (!texts) {
    texts = loadTexts(lng, part).then((tree) => {
      if (tree) i18next.addResourceBundle(lng, 'translation', tree, true, true);
    });
    texts.catch(() => loading.delete(id));
    loading.set(id, texts);
  }
  return texts;
}

/** The language whose texts the page shows: the reader's, or English when theirs could not be fetched. */
let shown = DEFAULT_LANGUAGE.toLowerCase();
/**
 * Settled once initI18n has chosen the language and started i18next. The router asks for all the
 * texts as soon as it is created, when the first page is not the home page: before initI18n has run.
 */
let started!: () => void;
const initialized = new Promise<void>((resolve) => (started = resolve));

/** Loads the texts the first screen shows (shell and home feed) and starts i18next with them. */
export async function initI18n(): Promise<void> {
  const code = storedLanguage();
  const lng = code.toLowerCase();
  applyToDocument(code);
  await i18next
    .use(numbersInTexts)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en',
      partialBundledLanguages: true,
      interpolation: { escapeValue: false, alwaysFormat: true }, // React escapes; numbersInTexts writes numbers
      returnNull: false,
    });
  shown = lng;
  // A language file that cannot be fetched leaves the texts in English rather than no page at all.
  await ensureTexts(lng, 'start').catch(() => {
    shown = 'en';
    return ensureTexts('en', 'start').catch(() => undefined);
  });
  started();
}

/**
 * Every text of the page's language: each page but the home page waits for it before it shows
 * (the router's lazy routes), and main.tsx fetches it once the first screen is up.
 */
export async function allTexts(): Promise<void> {
  await initialized;
  const lng = shown;
  await Promise.all(TEXT_PARTS.map((part) => ensureTexts(lng, part)));
}

/** Stores the choice, switches texts, sets lang/dir on <html> and tells the user. */
export async function changeLanguage(code: string): Promise<void> {
  const language = findLanguage(code);
  if (!language) return;
  const lng = language.code.toLowerCase();
  try {
    await Promise.all(TEXT_PARTS.map((part) => ensureTexts(lng, part)));
  } catch {
    notify('error', i18next.t('language.loadFailed', { language: language.name }));
    return;
  }
  shown = lng;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language.code);
  applyToDocument(language.code);
  await i18next.changeLanguage(lng);
  notify('success', i18next.t('language.changed', { language: language.name }));
}
