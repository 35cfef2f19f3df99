import { createHash } from 'node:crypto';
import type { ErrorCode } from '@app/shared';
import type { Config } from '../../config.ts';

export interface PaymentRequest {
  /** paise */
  amount: number;
  description: string;
  /** the same key is the same payment: a retried request is never charged twice */
  idempotencyKey: string;
}

export type PaymentResult =
  { status: 'succeeded'; reference: string } | { status: 'declined'; reason: string; code?: ErrorCode };

/** Takes an advertiser's money (cards, UPI, net banking) through a payment company. */
export interface PaymentProvider {
  readonly name: string;
  charge(request: PaymentRequest): Promise<PaymentResult>;
}

/**
 * For development and tests only: approves every payment at once, without moving real money. Its
 * reference is derived from the idempotency key, as a real provider answers a retried request.
 */
export const localTestProvider: PaymentProvider = {
  name: 'test',
  charge: async (request) => ({
    status: 'succeeded',
    reference: `test_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`,
  }),
};

/** No provider configured (the production default until one is added): every payment is declined. */
export const noProvider: PaymentProvider = {
  name: 'none',
  charge: async () => ({
    status: 'declined',
    reason: 'Adding funds is not available yet: no payment provider is configured',
    code: 'payments_unavailable',
  }),
};

/** The provider PAYMENT_PROVIDER names. A real one (Razorpay, Stripe, …) implements PaymentProvider and is added here. */
export const paymentProviderFor = (config: Pick<Config, 'paymentProvider'>): PaymentProvider =>
  config.paymentProvider === 'test' ? localTestProvider : noProvider;
