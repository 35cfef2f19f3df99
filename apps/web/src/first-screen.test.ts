import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenModules, WEB_SRC } from './testing/first-screen-modules.ts';

const SHARED = path.resolve(WEB_SRC, '../../../packages/shared/src');

/** The names a module imports as values (not `type`) from a source. */
function valueImports(code: string, from: string): string[] {
  const names: string[] = [];
  const imports = [...code.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gm)];
  for (const [, kind, list] of imports.filter((m) => m[3] === from)) {
    if (kind) continue;
    for (const item of list!.split(',').map((s) => s.trim())) {
      if (item && !item.startsWith('type ')) names.push(item.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** The shared file that declares an exported value. */
function sharedFileOf(name: string): string {
  const files = fs.readdirSync(SHARED).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const declares = new RegExp(`^export (?:const|function|class|enum) ${name}\\b`, 'm');
  const file = files.find((f) => declares.test(fs.readFileSync(path.join(SHARED, f), 'utf8')));
  if (!file) throw new Error(`no shared file exports ${name}`);
  return path.join(SHARED, file);
}

/** Whether a shared file, or one it imports values from, loads zod. */
function loadsZod(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  if (/^import\s+(?!type\b)[^;]*from\s+'zod'/m.test(code)) return true;
  return [...code.matchAll(/^import\s+(?!type\b)[^;]*from\s+'(\.[^']+)'/gm)].some(([, source]) =>
    loadsZod(path.resolve(path.dirname(file), source!), seen),
  );
}

/**
 * The schema library is about 85 KB of script: the first screen must not pull it in through a
 * constant that happens to sit beside a schema (#17's first-load budget). Constants the first screen
 * needs live in the shared `*-rules.ts` files, which hold no zod.
 */
describe('the first screen’s script', () => {
  it.each(firstScreenModules().map((m) => [path.relative(WEB_SRC, m), m]))('%s loads no zod', (_, file) => {
    const code = fs.readFileSync(file, 'utf8');
    expect(valueImports(code, 'zod')).toEqual([]);
    const heavy = valueImports(code, '@app/shared').filter((name) => loadsZod(sharedFileOf(name)));
    expect(heavy).toEqual([]);
  });
});
