import { describe, expect, it } from 'vitest';
import { LANGUAGES, isRightToLeft } from './languages.ts';

describe('text direction', () => {
  it('is right to left for every language written here in Arabic script, and only for them', () => {
    const rtl = LANGUAGES.filter((l) => isRightToLeft(l.code)).map((l) => l.code);
    expect(rtl.sort()).toEqual(['AR', 'FA', 'KS', 'SD', 'UR']);
  });

  it('accepts either case and is left to right for an unknown code', () => {
    expect(isRightToLeft('ur')).toBe(true);
    expect(isRightToLeft('xx')).toBe(false);
  });
});
