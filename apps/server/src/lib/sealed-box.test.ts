import { describe, expect, it } from 'vitest';
import { deriveKey, seal, unseal } from './sealed-box.ts';

const key = deriveKey('a root secret of at least thirty-two characters', 'payout-details');

describe('sealed box (AES-256-GCM)', () => {
  it('opens what it sealed, and never shows the plaintext', () => {
    const sealed = seal(key, '{"account_number":"123456789012"}', 'payout-1');
    expect(sealed).not.toContain('123456789012');
    expect(unseal(key, sealed, 'payout-1')).toBe('{"account_number":"123456789012"}');
    expect(seal(key, 'same', 'x')).not.toBe(seal(key, 'same', 'x')); // a fresh IV every time
  });

  it('refuses another context, another key, another purpose or a flipped bit', () => {
    const sealed = seal(key, 'secret', 'payout-1');
    expect(() => unseal(key, sealed, 'payout-2')).toThrow();
    expect(() =>
      unseal(deriveKey('another root secret, also long enough to pass', 'payout-details'), sealed, 'payout-1'),
    ).toThrow();
    expect(() =>
      unseal(deriveKey('a root secret of at least thirty-two characters', 'other'), sealed, 'payout-1'),
    ).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => unseal(key, `v1.${raw.toString('base64url')}`, 'payout-1')).toThrow();
  });
});
