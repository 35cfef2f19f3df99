/** 999 → "999", 1500 → "1.5K", 2_300_000 → "2.3M" (K above 1,000, M above 1,000,000). */
export function formatCount(n: number): string {
  if (n >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (n >= 1_000) return `${trim(n / 1_000)}K`;
  return String(n);
}

const trim = (n: number): string => (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '');

export type RelativeTime = { unit: 'today' } | { unit: 'days' | 'weeks' | 'months'; count: number };

const DAY = 24 * 60 * 60 * 1000;

/** Days under 7, weeks under 30 days, months after; the same day is 'today'. */
export function relativeTime(iso: string, now: number = Date.now()): RelativeTime {
  const days = Math.max(0, Math.floor((now - new Date(iso).getTime()) / DAY));
  if (days === 0) return { unit: 'today' };
  if (days < 7) return { unit: 'days', count: days };
  if (days < 30) return { unit: 'weeks', count: Math.floor(days / 7) };
  return { unit: 'months', count: Math.max(1, Math.floor(days / 30)) };
}

/** English words for a relative time: '1 day ago', '3 weeks ago'. */
export function relativeTimeText(iso: string, now?: number): string {
  const r = relativeTime(iso, now);
  if (r.unit === 'today') return 'today';
  const unit = r.unit.slice(0, -1);
  return `${r.count} ${r.count === 1 ? unit : `${unit}s`} ago`;
}

/** First 8 characters, an ellipsis, the last 6: 0x1234ab…cdef12. */
export function shortWallet(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 8)}...${address.slice(-6)}`;
}

/** Token amounts show tenths, cut down (never rounded up to more than is there): 10.99 → 10.9. */
export const tokenTenths = (tokens: number): number => Math.floor(tokens * 10 + 1e-9) / 10;

/** A token amount to 1 decimal: 100 → "100.0". */
export const formatTokens = (tokens: number): string => tokenTenths(tokens).toFixed(1);

/**
 * Integer paise as rupees with 2 decimals: 123456 → "₹1,234.56". The server writes Indian English;
 * the web passes the reader's locale (apps/web/src/lib/i18n/formatting.ts).
 */
export function formatRupees(paise: number, locale = 'en-IN'): string {
  return rupeeFormat(locale).format(Math.trunc(paise) / 100);
}

const rupeeFormats = new Map<string, Intl.NumberFormat>();
function rupeeFormat(locale: string): Intl.NumberFormat {
  let format = rupeeFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', currencyDisplay: 'narrowSymbol' });
    rupeeFormats.set(locale, format);
  }
  return format;
}

/** A duration on a card or player: m:ss under an hour, h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(s >= 3600 ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${mm}:${ss}`;
}
