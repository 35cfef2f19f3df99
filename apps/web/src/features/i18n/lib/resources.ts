import ar from '../locales/ar.json';
import bn from '../locales/bn.json';
import en from '../locales/en.json';
import hi from '../locales/hi.json';
import mr from '../locales/mr.json';
import ta from '../locales/ta.json';
import te from '../locales/te.json';
import ur from '../locales/ur.json';

/** Bundled translations; every other language falls back to English key by key. */
export const resources = {
  en: { translation: en },
  hi: { translation: hi },
  bn: { translation: bn },
  ta: { translation: ta },
  te: { translation: te },
  mr: { translation: mr },
  ur: { translation: ur },
  ar: { translation: ar },
} as const;
