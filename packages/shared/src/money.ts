import { formatRupees } from './format.ts';

/**
 * Rupee amounts are kept as integer paise on the server; the API shows rupees as plain numbers with
 * at most two decimals. Conversions go through decimal text so no float rounding leaks in.
 */
export const PAISE_PER_RUPEE = 100;

/** 12.5 or "12.50" → 1250 paise; null for more than 2 decimals, a negative sign, or a non-number. */
export function rupeesToPaise(value: number | string): number | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '')
        : 'NaN'
      : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const paise = Number(match[1]) * PAISE_PER_RUPEE + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

/** Integer paise → rupees for the API (exact: two decimals at most). */
export const paiseToRupees = (paise: number): number => Number((paise / PAISE_PER_RUPEE).toFixed(2));

/** A rupee amount from the API with the rupee sign and two decimals: 1234.5 → "₹1,234.50" (locale as formatRupees). */
export const formatInr = (rupees: number, locale?: string): string =>
  formatRupees(Math.round(rupees * PAISE_PER_RUPEE), locale);
