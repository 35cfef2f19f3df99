import { describe, expect, it } from 'vitest';
import { SealedBox } from './sealed-box.ts';

describe('SealedBox', () => {
  const box = new SealedBox('x'.repeat(40), 'stream-keys');

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = box.seal('sk_secret');
    const b = box.seal('sk_secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk_secret');
    expect(box.open(a)).toBe('sk_secret');
  });

  it('refuses a tampered value and values sealed for another purpose or secret', () => {
    const sealed = box.seal('sk_secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SealedBox('x'.repeat(40), 'payouts').open(sealed)).toThrow();
    expect(() => new SealedBox('y'.repeat(40), 'stream-keys').open(sealed)).toThrow();
    expect(() => box.open('garbage')).toThrow();
  });
});
