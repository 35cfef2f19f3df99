import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findLanguage } from './src/lib/i18n/languages.ts';

/**
 * The self-hosted Noto faces (issue #19): which @fontsource package, which of its subsets and weights.
 * Only a script's own subset is declared (never latin/latin-ext: Latin text keeps the system stack),
 * each with its unicode-range, so a browser downloads a file only when a letter of its script is on
 * screen. Weights: 400 and 600 (the UI's emphasis; 700 falls back to 600 and 500 to 400).
 */
interface FaceSet {
  package: string;
  family: string;
  /** a script's subset names, or 'numbered' for CJK's hundred-odd slices [0]…[n] */
  subsets: readonly string[] | 'numbered';
  weights: readonly number[];
}

const TEXT_WEIGHTS = [400, 600] as const;
const script = (name: string, family: string, subset: string): FaceSet => ({
  package: `@fontsource/${name}`,
  family,
  subsets: [subset],
  weights: TEXT_WEIGHTS,
});
// CJK: one weight; its bold is synthesized rather than doubling a stylesheet of a hundred slices
const cjk = (name: string, family: string): FaceSet => ({
  package: `@fontsource/${name}`,
  family,
  subsets: 'numbered',
  weights: [400],
});

/**
 * Declared in the stylesheet every page loads: small (one face per script and weight). It also
 * declares the few CJK slices that the language menu needs for 中文, 日本語 and 한국어.
 */
export const SCRIPT_FACES: readonly FaceSet[] = [
  script('noto-sans-devanagari', 'Noto Sans Devanagari', 'devanagari'),
  script('noto-sans-bengali', 'Noto Sans Bengali', 'bengali'),
  script('noto-sans-gurmukhi', 'Noto Sans Gurmukhi', 'gurmukhi'),
  script('noto-sans-gujarati', 'Noto Sans Gujarati', 'gujarati'),
  script('noto-sans-oriya', 'Noto Sans Oriya', 'oriya'),
  script('noto-sans-tamil', 'Noto Sans Tamil', 'tamil'),
  script('noto-sans-telugu', 'Noto Sans Telugu', 'telugu'),
  script('noto-sans-kannada', 'Noto Sans Kannada', 'kannada'),
  script('noto-sans-malayalam', 'Noto Sans Malayalam', 'malayalam'),
  script('noto-sans-ol-chiki', 'Noto Sans Ol Chiki', 'ol-chiki'),
  script('noto-sans-thai', 'Noto Sans Thai', 'thai'),
  script('noto-naskh-arabic', 'Noto Naskh Arabic', 'arabic'),
  script('noto-nastaliq-urdu', 'Noto Nastaliq Urdu', 'arabic'),
];

/** Declared by a stylesheet loaded only when a CJK language is chosen or the language menu opens. */
export const CJK_FACES = {
  ja: cjk('noto-sans-jp', 'Noto Sans JP'),
  zh: cjk('noto-sans-sc', 'Noto Sans SC'),
  ko: cjk('noto-sans-kr', 'Noto Sans KR'),
} as const;

const fontsourceDir = (pkg: string) => path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));

const rangesOf = (set: FaceSet): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(fontsourceDir(set.package), 'unicode.json'), 'utf8'));

const covers = (range: string, codePoint: number) =>
  range.split(',').some((part) => {
    const [from, to] = part.replace('U+', '').split('-') as [string, string?];
    return codePoint >= parseInt(from, 16) && codePoint <= parseInt(to ?? from, 16);
  });

/**
 * The language menu writes 中文, 日本語 and 한국어 in their own faces on every page: the slices holding
 * those letters, declared for those letters alone (a short stylesheet; the language's own
 * stylesheet declares the same files for all their letters).
 */
function nameFaces(set: FaceSet, lang: string): string {
  const ranges = rangesOf(set);
  const letters = [...new Set(findLanguage(lang)!.name)].map((c) => c.codePointAt(0)!);
  return Object.keys(ranges)
    .filter(isSlice)
    .flatMap((slice) => {
      const held = letters.filter((c) => covers(ranges[slice]!, c));
      return held.length ? [face(set, slice, 400, held.map((c) => `U+${c.toString(16).toUpperCase()}`).join(','))] : [];
    })
    .join('\n');
}

const isSlice = (subset: string) => /^\[\d+\]$/.test(subset);

const face = (set: FaceSet, subset: string, weight: number, range: string) =>
  `@font-face{font-family:'${set.family}';font-style:normal;font-display:swap;font-weight:${weight};` +
  `src:url(${set.package}/files/${set.package.split('/')[1]}-${subset.replace(/[[\]]/g, '')}-${weight}-normal.woff2) ` +
  `format('woff2');unicode-range:${range}}`;

function faceCss(set: FaceSet): string {
  const ranges = rangesOf(set);
  const subsets = set.subsets === 'numbered' ? Object.keys(ranges).filter(isSlice) : set.subsets;
  return set.weights
    .flatMap((weight) =>
      subsets.map((subset) => {
        const range = ranges[subset];
        if (!range) throw new Error(`${set.package} has no subset ${subset}`);
        return face(set, subset, weight, range);
      }),
    )
    .join('\n');
}

const HEADER = '/* Written by apps/web/font-faces.ts (npm run fonts -w apps/web): do not edit. */\n';

/** Each generated stylesheet under src/styles/fonts and what it holds. */
export function fontStylesheets(): Record<string, string> {
  return {
    'scripts.css':
      HEADER +
      [...SCRIPT_FACES.map(faceCss), ...Object.entries(CJK_FACES).map(([lang, set]) => nameFaces(set, lang))].join(
        '\n',
      ) +
      '\n',
    ...Object.fromEntries(
      Object.entries(CJK_FACES).map(([lang, set]) => [`cjk-${lang}.css`, HEADER + faceCss(set) + '\n']),
    ),
  };
}

export const FONTS_DIR = path.join(import.meta.dirname, 'src/styles/fonts');

if (process.argv[1] === import.meta.filename) {
  for (const [name, css] of Object.entries(fontStylesheets())) fs.writeFileSync(path.join(FONTS_DIR, name), css);
}
