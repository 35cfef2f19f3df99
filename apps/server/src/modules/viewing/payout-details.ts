import type { BankDetails, PayoutRequest } from '@app/shared';
import type { Secrets } from '../../secrets.ts';
import { deriveKey, seal, unseal } from '../../lib/sealed-box.ts';

const PURPOSE = 'payout-details/v1';
const DOT = '•';

/** Sealed to the payout and its owner: a copied value does not open on another row. */
const context = (payoutId: string, userId: string) => `payout:${payoutId}:${userId}`;

export const sealDetails = (secrets: Secrets, payoutId: string, userId: string, details: BankDetails): string =>
  seal(deriveKey(secrets.appSecret, PURPOSE), JSON.stringify(details), context(payoutId, userId));

/** For paying a payout out (staff tooling); never sent in an API response. */
export const unsealDetails = (secrets: Secrets, payoutId: string, userId: string, sealed: string): BankDetails =>
  JSON.parse(unseal(deriveKey(secrets.appSecret, PURPOSE), sealed, context(payoutId, userId))) as BankDetails;

const keepLast = (value: string, visible: number) =>
  `${DOT.repeat(Math.max(4, value.length - visible))}${value.slice(-visible)}`;
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${w[0]}${DOT.repeat(3)}`)
    .join(' ');

/**
 * What responses and logs may show: the last 4 digits of an account number, the first 2 characters
 * of a UPI handle, the initials of the holder. IFSC and bank name identify a branch, not a person.
 */
export function maskDetails(request: PayoutRequest): Record<string, string> {
  if (request.payout_method === 'upi') {
    const [handle = '', provider = ''] = request.bank_details.upi_id.split('@');
    return { upi_id: `${handle.slice(0, 2)}${DOT.repeat(4)}@${provider}` };
  }
  const d = request.bank_details;
  return {
    account_holder_name: initials(d.account_holder_name),
    account_number: keepLast(d.account_number, 4),
    ifsc_code: d.ifsc_code,
    bank_name: d.bank_name,
  };
}
