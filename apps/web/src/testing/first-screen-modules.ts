import fs from 'node:fs';
import path from 'node:path';

/** apps/web/src */
export const WEB_SRC = path.resolve(import.meta.dirname, '..');

/**
 * The modules of the first screen: main.tsx and what it imports, statically, transitively. A dynamic
 * `import()` starts another chunk (a page), which loads after the first render: it is not followed.
 */
export function firstScreenModules(): string[] {
  const seen = new Set<string>();
  const todo = [path.join(WEB_SRC, 'main.tsx')];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const [, source] of code.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+\.tsx?)'/gm)) {
      todo.push(path.resolve(path.dirname(file), source!));
    }
  }
  return [...seen];
}
