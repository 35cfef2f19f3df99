import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_KEYS, isFirstScreenKey, type TextTree } from './parts.ts';
import { firstScreenModules, WEB_SRC as SRC } from '../../testing/first-screen-modules.ts';
import { allTranslations } from './testing/all-translations.ts';

const flatten = (tree: TextTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' || Array.isArray(v) ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  );
const english = flatten(allTranslations.en!.translation as TextTree);
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys a module names: whole ones ('header.menu'), and the stems of built ones (`videos.chips.${id}`). */
function keysIn(code: string): { keys: string[]; stems: string[] } {
  const literals = [...code.matchAll(/['"`]([a-zA-Z]\w*(?:\.\w+)+)['"`]/g)].map((m) => m[1]!);
  return {
    keys: literals.filter((k) => english.includes(k) || english.some((e) => e.replace(PLURAL, '') === k)),
    stems: [...code.matchAll(/`([a-zA-Z]\w*(?:\.\w+)*\.)\$\{/g)].map((m) => m[1]!),
  };
}

describe('the first screen’s texts', () => {
  const modules = firstScreenModules();

  it('follows the shell and the home page', () => {
    const names = modules.map((m) => path.relative(SRC, m));
    expect(names).toEqual(expect.arrayContaining(['app/layout/shell.tsx', 'app/routes/home.tsx']));
    expect(names).not.toContain('app/routes/settings.tsx');
  });

  it.each(modules.map((m) => [path.relative(SRC, m), m]))('has every key %s shows', (_, file) => {
    const { keys, stems } = keysIn(fs.readFileSync(file, 'utf8'));
    expect(keys.filter((k) => !isFirstScreenKey(k))).toEqual([]);
    // a built key may be any key under its stem: all of them must be in the first part
    const built = stems.flatMap((stem) => english.filter((k) => k.startsWith(stem)));
    expect(built.filter((k) => !isFirstScreenKey(k))).toEqual([]);
  });

  it('lists only keys and sections that exist', () => {
    expect(FIRST_SCREEN_KEYS.filter((k) => !english.some((e) => e === k || e.startsWith(`${k}.`)))).toEqual([]);
  });
});
