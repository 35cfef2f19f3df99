export const LANGUAGE_GROUPS = ['indian', 'international'] as const;

export interface Language {
  /** upper-case code as the spec shows it (HI, UR, …); the page's lang attribute is its lower case */
  code: string;
  /** the language's own name */
  name: string;
  /** English name, for search and screen readers */
  english: string;
  category: (typeof LANGUAGE_GROUPS)[number];
}

// No flags: a flag names a country, not a language, and Windows draws flag emoji as two letters.
const indian = (code: string, name: string, english: string): Language => ({ code, name, english, category: 'indian' });
const intl = (code: string, name: string, english: string): Language => ({
  code,
  name,
  english,
  category: 'international',
});

/** 47 languages: the 22 scheduled languages of India, 8 more widely spoken Indian languages, 17 international. */
export const LANGUAGES: readonly Language[] = [
  indian('HI', 'हिन्दी', 'Hindi'),
  indian('BN', 'বাংলা', 'Bengali'),
  indian('TE', 'తెలుగు', 'Telugu'),
  indian('MR', 'मराठी', 'Marathi'),
  indian('TA', 'தமிழ்', 'Tamil'),
  indian('UR', 'اردو', 'Urdu'),
  indian('GU', 'ગુજરાતી', 'Gujarati'),
  indian('KN', 'ಕನ್ನಡ', 'Kannada'),
  indian('ML', 'മലയാളം', 'Malayalam'),
  indian('OR', 'ଓଡ଼ିଆ', 'Odia'),
  indian('PA', 'ਪੰਜਾਬੀ', 'Punjabi'),
  indian('AS', 'অসমীয়া', 'Assamese'),
  indian('MAI', 'मैथिली', 'Maithili'),
  indian('SAT', 'ᱥᱟᱱᱛᱟᱲᱤ', 'Santali'),
  indian('KS', 'کٲشُر', 'Kashmiri'),
  indian('NE', 'नेपाली', 'Nepali'),
  indian('SD', 'سنڌي', 'Sindhi'),
  indian('KOK', 'कोंकणी', 'Konkani'),
  indian('DOI', 'डोगरी', 'Dogri'),
  indian('MNI', 'মৈতৈলোন্', 'Manipuri'),
  indian('BRX', 'बड़ो', 'Bodo'),
  indian('SA', 'संस्कृतम्', 'Sanskrit'),
  indian('BHO', 'भोजपुरी', 'Bhojpuri'),
  indian('RAJ', 'राजस्थानी', 'Rajasthani'),
  indian('AWA', 'अवधी', 'Awadhi'),
  indian('MAG', 'मगही', 'Magahi'),
  indian('HNE', 'छत्तीसगढ़ी', 'Chhattisgarhi'),
  indian('TCY', 'ತುಳು', 'Tulu'),
  indian('GBM', 'गढ़वळि', 'Garhwali'),
  indian('LUS', 'Mizo ṭawng', 'Mizo'),
  intl('EN', 'English', 'English'),
  intl('ES', 'Español', 'Spanish'),
  intl('FR', 'Français', 'French'),
  intl('DE', 'Deutsch', 'German'),
  intl('PT', 'Português', 'Portuguese'),
  intl('RU', 'Русский', 'Russian'),
  intl('ZH', '中文', 'Chinese'),
  intl('JA', '日本語', 'Japanese'),
  intl('KO', '한국어', 'Korean'),
  intl('AR', 'العربية', 'Arabic'),
  intl('FA', 'فارسی', 'Persian'),
  intl('TR', 'Türkçe', 'Turkish'),
  intl('ID', 'Bahasa Indonesia', 'Indonesian'),
  intl('IT', 'Italiano', 'Italian'),
  intl('VI', 'Tiếng Việt', 'Vietnamese'),
  intl('TH', 'ไทย', 'Thai'),
  intl('SW', 'Kiswahili', 'Swahili'),
];

export const DEFAULT_LANGUAGE = 'HI';
export const LANGUAGE_STORAGE_KEY = 'language';

export const findLanguage = (code: string | null | undefined): Language | undefined =>
  LANGUAGES.find((l) => l.code === code?.toUpperCase());

/** Letters of the scripts written right to left (Hebrew, Arabic with its supplements, Syriac, Thaana, NKo). */
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** Direction follows the script a language is written in here (its own name shows it), not a list of codes. */
export const isRightToLeft = (code: string): boolean => RIGHT_TO_LEFT_LETTER.test(findLanguage(code)?.name ?? '');
