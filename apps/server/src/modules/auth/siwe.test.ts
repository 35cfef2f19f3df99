import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { buildSiweMessage, checkSiweMessage, recoverSigner } from './siwe.ts';

const publicUrl = new URL('http://localhost:3000');
const now = new Date('2026-11-22T10:00:00.000Z');
const account = privateKeyToAccount(generatePrivateKey());

const message = (overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({
    domain: 'localhost:3000',
    address: account.address,
    uri: 'http://localhost:3000',
    version: '1',
    chainId: 137,
    nonce: 'abcdef0123456789',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 600_000),
    ...overrides,
  });

describe('SIWE message checks', () => {
  it('accepts the message it builds and returns its nonce', () => {
    const built = buildSiweMessage(account.address.toLowerCase(), 'n0nce1234567', { publicUrl, now });
    expect(built).toContain('Chain ID: 137');
    expect(built).toContain(account.address); // checksummed
    expect(checkSiweMessage(built, account.address, { publicUrl, now })).toEqual({ ok: true, nonce: 'n0nce1234567' });
  });

  it.each([
    ['another domain', message({ domain: 'evil.example' }), 'different site'],
    ['another uri', message({ uri: 'https://evil.example' }), 'different site'],
    ['another chain', message({ chainId: 1 }), 'different network'],
    ['another address', message({ address: privateKeyToAccount(generatePrivateKey()).address }), 'different wallet'],
    ['an expired message', message({ expirationTime: new Date(now.getTime() - 1) }), 'expired'],
    ['a message issued 11 minutes ago', message({ issuedAt: new Date(now.getTime() - 660_000) }), 'expired'],
    ['a message issued in the future', message({ issuedAt: new Date(now.getTime() + 300_000) }), 'not valid yet'],
    ['a message with no expiry', message({ expirationTime: undefined }), 'expired'],
    ['garbage', 'hello world', 'Invalid sign-in message'],
    ['an empty string', '', 'Invalid sign-in message'],
  ])('refuses %s', (_name, text, reason) => {
    const result = checkSiweMessage(text, account.address, { publicUrl, now });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('recovers the real signer and rejects malformed signatures', async () => {
    const text = message();
    const signature = await account.signMessage({ message: text });
    expect(await recoverSigner(text, signature)).toBe(account.address);
    expect(await recoverSigner(`${text} `, signature)).not.toBe(account.address);
    expect(await recoverSigner(text, '0x1234')).toBeUndefined();
  });
});
