import { describe, expect, it } from 'vitest';
import { isolate } from './isolate.ts';

describe('isolate', () => {
  it('wraps the text in a first strong isolate and its pop, and changes nothing inside', () => {
    expect(isolate('Monsoon ragas!')).toBe('\u2068Monsoon ragas!\u2069');
    expect(isolate('اردو غزل!').slice(1, -1)).toBe('اردو غزل!');
  });
});
