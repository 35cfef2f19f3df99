/**
 * Tokens are kept as integers of micro-tokens (10^-6) everywhere on the server; the API shows
 * tokens as plain numbers. Conversions go through decimal strings so no float rounding leaks in.
 */
export const MICRO_PER_TOKEN = 1_000_000;

/** Parses a token amount like 12.5 or "0.1" into micro-tokens; null when it has more than 6 decimals or is not finite. */
export function tokensToMicro(value: number | string): number | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, frac = ''] = match;
  const micro = Number(whole) * MICRO_PER_TOKEN + Number(frac.padEnd(6, '0'));
  if (!Number.isSafeInteger(micro)) return null;
  return sign === '-' ? -micro : micro;
}

/** Micro-tokens to a token number for the API (exact for every amount the ledger can hold). */
export function microToTokens(micro: number): number {
  return Number((micro / MICRO_PER_TOKEN).toFixed(6));
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  // toString() of small or huge numbers uses exponent notation; toFixed(7) then trimming keeps
  // exactly the digits a person typed for every amount with at most 6 decimals.
  const fixed = Math.abs(n) < 1e15 ? n.toFixed(7).replace(/0+$/, '').replace(/\.$/, '') : n.toString();
  return fixed;
}
