import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

const ADMIN_KEY = generatePrivateKey();
const adminAccount = privateKeyToAccount(ADMIN_KEY);

describe.each(testDialects)('auth on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      ADMIN_WALLETS: adminAccount.address.toLowerCase(),
      ADMIN_EMAILS: 'boss@example.com',
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  async function challengeFor(address: string) {
    const res = await post('/api/auth/challenge', { wallet_address: address });
    expect(res.statusCode).toBe(200);
    return res.json<{ message: string }>().message;
  }

  describe('wallet sign-in', () => {
    it('creates the user on first sign-in with 100 tokens and a checksummed address', async () => {
      const { access_token, user, account } = await signInWithWallet(t.app);
      expect(user.total_tokens).toBe(100);
      expect(user.wallet_address).toBe(account.address);
      expect(user.role).toBe('user');
      expect(user.username).toMatch(/^user-[0-9a-f]{6}/);
      const profile = await t.app.inject({ url: '/api/user/profile', headers: bearer(access_token) });
      expect(profile.json()).toEqual(user);
    });

    it('signs the same wallet in again without a second bonus', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const first = await signInWithWallet(t.app, account);
      const second = await signInWithWallet(t.app, account);
      expect(second.user.id).toBe(first.user.id);
      expect(second.user.total_tokens).toBe(100);
      expect(second.access_token).not.toBe(first.access_token);
    });

    it('accepts any letter case of the address', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const message = await challengeFor(account.address.toLowerCase());
      const signature = await account.signMessage({ message });
      const res = await post('/api/auth/verify', {
        wallet_address: account.address.toUpperCase().replace('0X', '0x'),
        signature,
        message,
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a replayed nonce, and of two concurrent uses exactly one wins', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const message = await challengeFor(account.address);
      const signature = await account.signMessage({ message });
      const body = { wallet_address: account.address, signature, message };
      const results = await Promise.all([post('/api/auth/verify', body), post('/api/auth/verify', body)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      const replay = await post('/api/auth/verify', body);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().detail).toMatch(/expired or was already used/);
    });

    it('refuses a message signed by another key', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const other = privateKeyToAccount(generatePrivateKey());
      const message = await challengeFor(account.address);
      const res = await post('/api/auth/verify', {
        wallet_address: account.address,
        signature: await other.signMessage({ message }),
        message,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: 'The signature does not match this wallet',
        code: 'wallet_signature_invalid',
      });
    });

    it('refuses a nonce the server never issued, even when properly signed', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const issued = await challengeFor(account.address);
      const forged = issued.replace(/Nonce: \w+/, 'Nonce: 0123456789abcdef0123456789abcdef');
      const res = await post('/api/auth/verify', {
        wallet_address: account.address,
        signature: await account.signMessage({ message: forged }),
        message: forged,
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a challenge issued for another wallet', async () => {
      const victim = privateKeyToAccount(generatePrivateKey());
      const attacker = privateKeyToAccount(generatePrivateKey());
      const message = await challengeFor(victim.address);
      const res = await post('/api/auth/verify', {
        wallet_address: attacker.address,
        signature: await attacker.signMessage({ message }),
        message,
      });
      expect(res.statusCode).toBe(401);
    });

    it.each([
      ['no body', undefined],
      ['a bad address', { wallet_address: '0x123', signature: '0x00', message: 'x' }],
      ['a non-hex signature', { wallet_address: adminAccount.address, signature: 'zz', message: 'x' }],
      ['an empty message', { wallet_address: adminAccount.address, signature: '0x00', message: '' }],
      [
        'garbage message and signature',
        { wallet_address: adminAccount.address, signature: '0xdeadbeef', message: 'not a siwe message' },
      ],
      ['an enormous message', { wallet_address: adminAccount.address, signature: '0x00', message: 'x'.repeat(10_000) }],
    ])('answers %s with 400/401 and a detail, never 500', async (_name, body) => {
      const res = await post('/api/auth/verify', body);
      expect([400, 401]).toContain(res.statusCode);
      expect(typeof res.json().detail).toBe('string');
    });

    it('makes wallets listed in ADMIN_WALLETS admins', async () => {
      const { user } = await signInWithWallet(t.app, adminAccount);
      expect(user.role).toBe('admin');
    });
  });

  describe('email accounts', () => {
    it('registers, logs in and gets the welcome bonus once', async () => {
      const email = `Person-${dialect}@Example.com`;
      const reg = await post('/api/auth/register', {
        email,
        password: 'long enough pw',
        username: `person_${dialect}`,
      });
      expect(reg.statusCode).toBe(201);
      expect(reg.json().user).toMatchObject({
        email: email.toLowerCase(),
        username: `person_${dialect}`,
        total_tokens: 100,
        wallet_address: null,
      });
      const login = await post('/api/auth/login', { email: email.toUpperCase(), password: 'long enough pw' });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.total_tokens).toBe(100);
    });

    it('refuses a duplicate email, short passwords and bad emails with clear details', async () => {
      const { user } = await signUpByEmail(t.app);
      expect((await post('/api/auth/register', { email: user.email, password: 'whatever123' })).json()).toEqual({
        detail: 'An account with this email already exists',
        code: 'email_taken',
        field: 'email',
      });
      const short = await post('/api/auth/register', { email: 'short@example.com', password: 'abc' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'too_short', field: 'password', params: { min: 8 } });
      expect(short.json().detail).toContain('at least 8');
      const bad = await post('/api/auth/register', { email: 'nope', password: 'whatever123' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'invalid_email', field: 'email' });
    });

    it('gives the same answer for an unknown email and a wrong password', async () => {
      const { user } = await signUpByEmail(t.app);
      const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong password' });
      const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({ detail: 'Invalid email or password', code: 'invalid_credentials' });
    });

    it('keeps "admin" and "support" usernames for staff', async () => {
      const res = await post('/api/auth/register', {
        email: 'sneaky@example.com',
        password: 'whatever123',
        username: 'SupportDesk',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('reserved for staff');
      // nobody is staff at sign-up, not even an ADMIN_EMAILS address (that needs a verified email)
      const boss = await post('/api/auth/register', {
        email: 'boss@example.com',
        password: 'whatever123',
        username: 'admin_boss',
      });
      expect(boss.statusCode).toBe(400);
      expect(boss.json().detail).toContain('reserved for staff');
    });

    it('rate-limits repeated failed logins for one email', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++)
        codes.push((await post('/api/auth/login', { email: 'target@example.com', password: `guess-${i}` })).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    });
  });

  describe('sessions', () => {
    it('logout revokes only that token; logout-all revokes every token', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const a = await signInWithWallet(t.app, account);
      const b = await signInWithWallet(t.app, account);
      const c = await signInWithWallet(t.app, account);
      expect((await post('/api/auth/logout', {}, bearer(a.access_token))).statusCode).toBe(204);
      expect((await t.app.inject({ url: '/api/user/profile', headers: bearer(a.access_token) })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/user/profile', headers: bearer(b.access_token) })).statusCode).toBe(200);
      expect((await post('/api/auth/logout-all', {}, bearer(b.access_token))).statusCode).toBe(204);
      expect((await t.app.inject({ url: '/api/user/profile', headers: bearer(c.access_token) })).statusCode).toBe(401);
    });

    it('stores only a hash of the token', async () => {
      const { access_token } = await signUpByEmail(t.app);
      const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.some((r) => r.token_hash === access_token)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });

    it('refuses an expired session', async () => {
      const { access_token, user } = await signUpByEmail(t.app);
      await t.ctx.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(access_token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toMatch(/expired/);
    });
  });
});
