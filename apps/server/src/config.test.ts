import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl.origin).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });

  it('normalizes admin lists to lower case', () => {
    const c = loadConfig({ ADMIN_WALLETS: ' 0xABC , 0xdef ', ADMIN_EMAILS: 'Boss@Example.com' });
    expect(c.adminWallets).toEqual(['0xabc', '0xdef']);
    expect(c.adminEmails).toEqual(['boss@example.com']);
  });
});
