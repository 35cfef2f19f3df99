/** Every translation file at once, for tests that compare or render languages side by side. */
const files = import.meta.glob<Record<string, unknown>>('../locales/*.json', { import: 'default', eager: true });

export const allTranslations = Object.fromEntries(
  Object.entries(files).map(([file, texts]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), { translation: texts }]),
);
