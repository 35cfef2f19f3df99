import { describe, expect, it } from 'vitest';
import { columnOf, isEmptySeries, timestampsOf, totalAndPeak, utcNoon } from './chart-data.ts';

describe('chart data', () => {
  it('places each UTC day at its noon, so every time zone reads the same date', () => {
    expect(utcNoon('2026-11-28')).toBe('2026-11-28T12:00:00Z');
    expect(timestampsOf(['2026-11-27', '2026-11-28'])).toEqual([1795780800, 1795867200]);
  });

  it('takes one field of every day, converted to display units', () => {
    const days = [
      { date: 'a', views: 2, tokens_earned: 1_500_000 },
      { date: 'b', views: 0, tokens_earned: 100_000 },
    ];
    expect(columnOf(days, 'views')).toEqual([2, 0]);
    expect(columnOf(days, 'tokens_earned', (v) => v / 1_000_000)).toEqual([1.5, 0.1]);
  });

  it('finds the total and the first busiest day, exact for tenths and paise', () => {
    expect(totalAndPeak([0.1, 0.2, 0.2, 0])).toEqual({ total: 0.5, peakIndex: 1 });
    expect(totalAndPeak([0, 0, 0])).toEqual({ total: 0, peakIndex: 0 });
  });

  it('is empty only when every value of every series is zero', () => {
    const s = (values: number[]) => ({ key: 'k', label: 'k', values, format: String });
    expect(isEmptySeries([s([0, 0]), s([0])])).toBe(true);
    expect(isEmptySeries([s([0, 0]), s([0, 3])])).toBe(false);
  });
});
