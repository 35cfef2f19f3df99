import { describe, expect, it } from 'vitest';
import { clampStart, defaultDuration, fits, formatClipTime, initialStart, maxStart } from './clip-range.ts';

describe('clip range', () => {
  it('clamps the start between 0 and source minus clip length', () => {
    expect(clampStart(-3, 10, 45)).toBe(0);
    expect(clampStart(12.34, 10, 45)).toBe(12.3);
    expect(clampStart(40, 10, 45)).toBe(35);
    expect(clampStart(Number.NaN, 10, 45)).toBe(0);
    expect(clampStart(99, 60, 45)).toBe(0); // nothing fits: the start stays at 0
  });

  it('keeps the latest start on the 0.1 s grid and inside the source', () => {
    expect(maxStart(10, 45.2333)).toBe(35.2);
    expect(maxStart(10, 45.3)).toBe(35.3);
    expect(clampStart(35.26, 10, 45.2333)).toBe(35.2);
    for (const source of [10, 10.04, 33.33, 61.99]) {
      for (const clip of [10, 20, 40, 60]) {
        const latest = clampStart(source, clip, source);
        expect(latest + clip, `${clip}s of ${source}s`).toBeLessThanOrEqual(Math.max(source, clip) + 1e-9);
      }
    }
  });

  it('re-clamps when a longer clip is chosen', () => {
    const start = clampStart(30, 10, 45);
    expect(clampStart(start, 20, 45)).toBe(25);
  });

  it('starts at the beginning, or for a stream on air at its latest moments behind the recording edge', () => {
    expect(initialStart(10, 45, false)).toBe(0);
    expect(initialStart(10, 45, true)).toBe(30);
    expect(initialStart(10, 12, true)).toBe(0);
  });

  it('picks a default length that fits', () => {
    expect(defaultDuration(300)).toBe(20);
    expect(defaultDuration(15)).toBe(10);
    expect(defaultDuration(5)).toBe(10);
    // Live: the last 5 s may not be recorded yet, so a stream 21 s old starts with a 10 s clip that ends
    // 5 s before the live edge (a 20 s one from 0 would reach past the recording and be refused).
    expect(defaultDuration(21, true)).toBe(10);
    expect(initialStart(defaultDuration(21, true), 21, true)).toBe(6);
    expect(defaultDuration(25, true)).toBe(20);
    expect(initialStart(20, 25, true)).toBe(0);
    expect(fits(10, 10)).toBe(true);
    expect(fits(20, 19.9)).toBe(false);
  });

  it('formats minutes, seconds and tenths', () => {
    expect(formatClipTime(0)).toBe('0:00.0');
    expect(formatClipTime(12.3)).toBe('0:12.3');
    expect(formatClipTime(83.25)).toBe('1:23.3');
    expect(formatClipTime(3599.96)).toBe('60:00.0');
  });
});
