/**
 * The faces of the Chinese, Japanese and Korean texts: a hundred-odd slices each, declared by a
 * stylesheet of its own that only a reader of that language downloads (the others' first load stays
 * small). The faces of every other script are declared by styles/fonts/scripts.css, on every page.
 */
const CJK_STYLESHEETS: Partial<Record<string, () => Promise<unknown>>> = {
  ja: () => import('../../styles/fonts/cjk-ja.css'),
  zh: () => import('../../styles/fonts/cjk-zh.css'),
  ko: () => import('../../styles/fonts/cjk-ko.css'),
};

/** Declares the faces a language needs beyond those every page declares; without them the page still shows. */
export function loadScriptFonts(lng: string): void {
  void CJK_STYLESHEETS[lng]?.().catch(() => undefined);
}
