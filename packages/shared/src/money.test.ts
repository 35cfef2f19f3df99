import { describe, expect, it } from 'vitest';
import { formatInr, paiseToRupees, rupeesToPaise } from './money.ts';

describe('rupees and paise', () => {
  it.each([
    [1000, 100_000],
    ['1000', 100_000],
    [12.5, 1250],
    ['0.05', 5],
    [0.1 + 0.2, 30],
    ['  7.10 ', 710],
  ])('%s rupees are %i paise', (rupees, paise) => expect(rupeesToPaise(rupees)).toBe(paise));

  it.each([[-1], ['1.234'], ['abc'], [Number.NaN], [Infinity], ['1e3'], ['']])('refuses %s', (v) =>
    expect(rupeesToPaise(v)).toBeNull(),
  );

  it('shows paise as rupees with two decimals at most', () => {
    expect([paiseToRupees(123_456), paiseToRupees(5), paiseToRupees(0)]).toEqual([1234.56, 0.05, 0]);
  });
});

describe('rupee amounts from the API', () => {
  it('show with the rupee sign, Indian grouping and two decimals', () => {
    expect([formatInr(1234.5), formatInr(0.3), formatInr(500000)]).toEqual(['₹1,234.50', '₹0.30', '₹5,00,000.00']);
  });
});
