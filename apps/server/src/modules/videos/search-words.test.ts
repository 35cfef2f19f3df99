import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, searchWords, trigramsOf, videoWords } from './search-words.ts';

describe('search words', () => {
  it('reads words without case, accents or punctuation, each once', () => {
    expect(searchWords('Colour, COLOUR & Café-crème 4K')).toEqual(['colour', 'cafe', 'creme', '4k']);
    expect(videoWords({ title: 'Kathakali', description: '', tags: '["dance","kerala"]' })).toEqual([
      'kathakali',
      'dance',
      'kerala',
    ]);
    expect(searchWords('"*) OR 1=1 --')).toEqual(['or', '1']);
    expect(searchWords('x'.repeat(500))).toEqual(['x'.repeat(40)]);
  });

  it('pads trigrams as pg_trgm does', () => {
    expect(trigramsOf('cat')).toEqual(['  c', ' ca', 'cat', 'at ']);
  });

  it('counts a swap of neighbours as one edit and stops past the limit', () => {
    expect(editDistance('color', 'colour', 2)).toBe(1);
    expect(editDistance('lenght', 'length', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('abc', 'abcdefgh', 2)).toBe(3);
  });

  it('forgives no typo in short words', () => {
    expect([allowedEdits('cat'), allowedEdits('color'), allowedEdits('classical')]).toEqual([0, 1, 2]);
  });
});
