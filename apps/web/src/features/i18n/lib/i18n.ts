import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { notify } from '../../notifications/stores/notifications.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, RTL_CODES, findLanguage } from './languages.ts';
import { resources } from './resources.ts';

function storedLanguage(): string {
  return findLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY))?.code ?? DEFAULT_LANGUAGE;
}

function applyToDocument(code: string): void {
  document.documentElement.lang = code.toLowerCase();
  document.documentElement.dir = RTL_CODES.includes(code) ? 'rtl' : 'ltr';
}

export async function initI18n(): Promise<void> {
  const code = storedLanguage();
  applyToDocument(code);
  await i18next.use(initReactI18next).init({
    resources,
    lng: code.toLowerCase(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
}

/** Stores the choice, switches texts, sets lang/dir on <html> and tells the user (spec core §2). */
export async function changeLanguage(code: string): Promise<void> {
  const language = findLanguage(code);
  if (!language) return;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language.code);
  applyToDocument(language.code);
  await i18next.changeLanguage(language.code.toLowerCase());
  notify('success', i18next.t('language.changed', { language: language.name }));
}
