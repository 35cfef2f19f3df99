import { ErrorCodes } from '@app/shared';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';

/**
 * Every code the server may send reads in the person's language: English names each one, and the
 * coverage test holds every other language to English's keys.
 */
describe('error codes', () => {
  it('has a text under errors.codes for every code in ErrorCodes', () => {
    const texts: Record<string, string> = en.errors.codes;
    expect(ErrorCodes.filter((code) => !texts[code])).toEqual([]);
  });

  it('names no code twice', () => {
    expect(ErrorCodes.filter((code, i) => ErrorCodes.indexOf(code) !== i)).toEqual([]);
  });

  it('has no text for a code the server never sends', () => {
    const known: readonly string[] = ErrorCodes;
    expect(Object.keys(en.errors.codes).filter((code) => !known.includes(code))).toEqual([]);
  });
});
