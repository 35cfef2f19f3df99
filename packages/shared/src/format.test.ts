import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatRupees, formatTokens, relativeTimeText, shortWallet } from './format.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();

describe('formatting', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [2_345_678, '2.3M'],
  ])('counts %i as %s', (n, text) => expect(formatCount(n)).toBe(text));

  it.each([
    [0, 'today'],
    [1, '1 day ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [29, '4 weeks ago'],
    [30, '1 month ago'],
    [400, '13 months ago'],
  ])('%i days ago reads "%s"', (d, text) => expect(relativeTimeText(daysAgo(d), NOW)).toBe(text));

  it('shortens wallets to the first 8 and last 6 characters', () => {
    expect(shortWallet('0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBe('0x8ba1f1...4DBA72');
    expect(shortWallet('0xabc')).toBe('0xabc');
  });

  it('shows tokens with one decimal, never rounding up', () => {
    expect(formatTokens(100)).toBe('100.0');
    expect(formatTokens(0.1 + 0.2)).toBe('0.3');
    expect(formatTokens(10.99)).toBe('10.9');
  });

  it('shows paise as rupees with the rupee sign, Indian grouping and 2 decimals', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(500_000)).toBe('₹5,000.00');
    expect(formatRupees(12_345_678_9)).toBe('₹12,34,567.89');
  });
});

describe('formatDuration', () => {
  it('writes m:ss under an hour and h:mm:ss from an hour on, rounding to the second', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(605)).toBe('10:05');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3 * 3600 + 7 * 60 + 9)).toBe('3:07:09');
  });
});
