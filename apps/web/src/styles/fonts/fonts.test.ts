import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONTS_DIR, fontStylesheets } from '../../../font-faces.ts';

describe('self-hosted script faces', () => {
  const sheets = fontStylesheets();

  it.each(Object.keys(sheets))('%s is what font-faces.ts writes (npm run fonts -w apps/web)', (name) => {
    expect(fs.readFileSync(path.join(FONTS_DIR, name), 'utf8')).toBe(sheets[name]);
  });

  it('declares only woff2 files that exist, each with a unicode-range and font-display: swap', () => {
    for (const css of Object.values(sheets)) {
      const faces = css.match(/@font-face\{[^}]+\}/g) ?? [];
      expect(faces.length).toBeGreaterThan(0);
      for (const face of faces) {
        expect(face).toMatch(/font-display:swap;/);
        expect(face).toMatch(/unicode-range:U\+[0-9a-f]/i);
        const file = /src:url\(([^)]+)\) format\('woff2'\)/.exec(face)?.[1];
        expect(file && fs.existsSync(path.join(import.meta.dirname, '../../../../../node_modules', file))).toBe(true);
      }
    }
  });

  it('leaves Latin to the system stack: no face covers the letter a', () => {
    const all = Object.values(sheets).join('\n');
    expect(all).not.toMatch(/-latin(-ext)?-\d+-normal/);
  });
});
