/** Advertising packages and ad lengths as the advertise page lists them. Prices are US dollars a month. */
export const AD_PACKAGES = [
  { id: 'starter', monthlyUsd: 500 },
  { id: 'professional', monthlyUsd: 2000 },
  { id: 'enterprise', monthlyUsd: null },
] as const;

export const AD_DURATIONS_SECONDS = [15, 30, 60] as const;

/** The planned split of ad spend, the one the advertiser dashboard shows. */
export const AD_SPEND_SPLIT = [
  { id: 'creators', percent: 70 },
  { id: 'viewers', percent: 15 },
  { id: 'platform', percent: 15 },
] as const;

/** Minimum top-up of an advertiser balance, in rupees. */
export const MIN_ADD_FUNDS_RUPEES = 1000;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** "$2,000": the spec's spelling, whatever the interface language. */
export const formatUsd = (amount: number) => usd.format(amount);
