import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '..');
const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
const css = fs
  .readdirSync(path.join(WEB, 'src/styles'))
  .filter((f) => f.endsWith('.css'))
  .map((f) => fs.readFileSync(path.join(WEB, 'src/styles', f), 'utf8'))
  .join('\n');

/** What index.html shows inside the app's root before the script has run. */
const frame = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';

describe('the frame index.html shows before the app’s script runs', () => {
  it('holds no text, which no language could translate yet, and is hidden from screen readers', () => {
    expect(frame).toContain('<header');
    const text = frame.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '');
    expect(text.trim()).toBe('');
    expect(frame).toMatch(/<header[^>]*aria-hidden="true"/);
    for (const img of frame.match(/<img[^>]*>/g) ?? []) expect(img).toContain('alt=""');
  });

  it('uses only classes the app’s own stylesheets define, so it is drawn as the real header is', () => {
    const classes = [...frame.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s+/));
    expect(classes.length).toBeGreaterThan(0);
    for (const name of classes) expect(css, `.${name}`).toMatch(new RegExp(`\\.${name}[\\s,{:.]`));
  });
});
