import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { notify } from '../notifications.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, findLanguage, isRightToLeft } from './languages.ts';
import { english, loadTranslation } from './resources.ts';

function storedLanguage(): string {
  return findLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY))?.code ?? DEFAULT_LANGUAGE;
}

function applyToDocument(code: string): void {
  document.documentElement.lang = code.toLowerCase();
  document.documentElement.dir = isRightToLeft(code) ? 'rtl' : 'ltr';
}

/** Makes a language's texts available before switching to it (English is always there). */
async function ensureLoaded(code: string): Promise<void> {
  const lng = code.toLowerCase();
  if (i18next.hasResourceBundle(lng, 'translation')) return;
  const texts = await loadTranslation(lng);
  if (texts) i18next.addResourceBundle(lng, 'translation', texts);
}

export async function initI18n(): Promise<void> {
  const code = storedLanguage();
  const lng = code.toLowerCase();
  applyToDocument(code);
  // A language file that cannot be fetched leaves the texts in English rather than no page at all.
  const own = await loadTranslation(lng).catch(() => undefined);
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: english }, ...(own ? { [lng]: { translation: own } } : {}) },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
}

/** Stores the choice, switches texts, sets lang/dir on <html> and tells the user. */
export async function changeLanguage(code: string): Promise<void> {
  const language = findLanguage(code);
  if (!language) return;
  try {
    await ensureLoaded(language.code);
  } catch {
    notify('error', i18next.t('language.loadFailed', { language: language.name }));
    return;
  }
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language.code);
  applyToDocument(language.code);
  await i18next.changeLanguage(language.code.toLowerCase());
  notify('success', i18next.t('language.changed', { language: language.name }));
}
