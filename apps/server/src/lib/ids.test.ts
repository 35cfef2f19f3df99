import { describe, expect, it } from 'vitest';
import { newId, newOrderedId } from './ids.ts';

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

describe('newOrderedId', () => {
  it('makes 16-character base62 ids that sort as their creation times do, byte by byte', () => {
    const times = [0, 1, 61, 62, 3843, 1_764_000_000_000, Date.UTC(2400, 0, 1), 62 ** 8 - 1];
    const ids = times.map((t) => newOrderedId(t));
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{16}$/);
    const byteOrder = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(byteOrder).toEqual(ids);
    expect(ids[0]!.slice(0, 8)).toBe('00000000');
    expect(ids[3]!.slice(0, 8)).toBe('00000010');
  });

  it('does not repeat within one millisecond, and ids of one millisecond share their time part', () => {
    const now = Date.now();
    const ids = Array.from({ length: 20_000 }, () => newOrderedId(now));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
  });

  it('orders the ids of later milliseconds after earlier ones', () => {
    const earlier = newOrderedId(1_764_000_000_000);
    const later = newOrderedId(1_764_000_000_001);
    expect(earlier < later).toBe(true);
  });
});
