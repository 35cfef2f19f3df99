import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('makes base62 ids of the asked length that do not repeat, across many refills of its random pool', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => newId(i % 2 ? 12 : 16));
    for (const [i, id] of ids.entries()) expect(id).toMatch(i % 2 ? /^[0-9A-Za-z]{12}$/ : /^[0-9A-Za-z]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) for (const c of newId(16)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (5000 * 16) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.15);
  });
});
