import fs from 'node:fs/promises';
import type { Plugin } from 'vite';
import { DEFAULT_LANGUAGE } from './src/lib/i18n/languages.ts';
import { textsOf, type TextPart } from './src/lib/i18n/parts.ts';

/** `…/locales/hi.json?texts=start`: one part of a language's file (see src/lib/i18n/parts.ts) */
const PART_ID = /^(.*\/locales\/([\w-]+)\.json)\?texts=(start|rest)$/;

/**
 * Serves `locales/<code>.json?texts=start|rest` as that part of the language's texts, so each
 * language stays one file to translate while the app downloads it in two pieces. In a build, each
 * part is a chunk named `texts-<code>-<part>`, and the page preloads the default language's first
 * part beside the entry, so it arrives with the scripts instead of after them.
 */
export function textParts(): Plugin {
  let base = '/';
  return {
    name: 'tarang-text-parts',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    async load(id) {
      const match = PART_ID.exec(id);
      if (!match) return null;
      const [, file, , part] = match;
      this.addWatchFile(file!);
      const tree = JSON.parse(await fs.readFile(file!, 'utf8'));
      // JSON.parse of a string literal: faster to start than the same object as a JavaScript literal
      const json = JSON.stringify(textsOf(tree, part as TextPart));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
    },
    outputOptions(options) {
      const named = options.chunkFileNames;
      return {
        ...options,
        chunkFileNames: (chunk) => {
          const match = chunk.facadeModuleId ? PART_ID.exec(chunk.facadeModuleId) : null;
          if (match) return `assets/texts-${match[2]}-${match[3]}-[hash].js`;
          return typeof named === 'function' ? named(chunk) : (named ?? 'assets/[name]-[hash].js');
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const first = Object.values(ctx.bundle).find(
          (c) =>
            c.type === 'chunk' &&
            c.facadeModuleId?.endsWith(`/locales/${DEFAULT_LANGUAGE.toLowerCase()}.json?texts=start`),
        );
        if (!first) throw new Error(`no first-screen texts for the default language (${DEFAULT_LANGUAGE})`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${first.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
