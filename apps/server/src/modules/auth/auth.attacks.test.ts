import { execFile } from 'node:child_process';
import type * as NodeCrypto from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import path from 'node:path';
import type { AuthResponse } from '@app/shared';
import type { PrivateKeyAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createContext } from '../../boot.ts';
import { repoRoot } from '../../config.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer } from '../../testing/test-users.ts';

// Counts the scrypt calls running at once, in every module of this test (the server's included).
const scryptLoad = vi.hoisted(() => ({ inFlight: 0, max: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  type Done = (err: Error | null, key: Buffer) => void;
  const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions, done: Done) => {
    scryptLoad.max = Math.max(scryptLoad.max, ++scryptLoad.inFlight);
    crypto.scrypt(password, salt, keylen, options, (err, key) => {
      scryptLoad.inFlight--;
      done(err, key);
    });
  };
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

const BOSS = 'boss@example.com';
const PASSWORD = 'any password at all';

describe.each(testDialects)('sign-in attacks on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      ADMIN_EMAILS: BOSS,
      LOGIN_MAX_PER_IP: '20',
      REGISTER_MAX_PER_IP: '8',
      WALLET_SIGNIN_MAX_PER_IP: '5',
      WELCOME_BONUS_PER_NETWORK_DAY: '2',
      PASSWORD_HASH_CONCURRENCY: '2',
      PASSWORD_HASH_QUEUE: '8',
      SESSION_CACHE_MS: '60000', // what the admin CLI changes must reach the server anyway
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const register = (email: string, remoteAddress: string) =>
    post('/api/auth/register', { email, password: PASSWORD }, remoteAddress);
  const login = (email: string, remoteAddress: string, password = PASSWORD) =>
    post('/api/auth/login', { email, password }, remoteAddress);
  const profile = async (token: string) =>
    (await t.app.inject({ url: '/api/user/profile', headers: bearer(token) })).json<AuthResponse['user']>();

  async function challenge(account: PrivateKeyAccount, remoteAddress: string) {
    const res = await post('/api/auth/challenge', { wallet_address: account.address }, remoteAddress);
    expect(res.statusCode).toBe(200);
    const { message } = res.json<{ message: string }>();
    return { wallet_address: account.address, message, signature: await account.signMessage({ message }) };
  }

  /** The admin CLI in a process of its own, on this test's database, as an operator runs it. */
  function adminCli(...args: string[]): Promise<{ code: number; out: string }> {
    const { DATABASE_URL: _, ...env } = process.env;
    const config = t.ctx.config;
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli/admin.ts'), ...args],
        {
          cwd: repoRoot,
          env: {
            ...env,
            NODE_ENV: 'test',
            DATA_DIR: config.dataDir,
            ADMIN_EMAILS: BOSS,
            ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
            ...(config.redisUrl ? { REDIS_URL: config.redisUrl, REDIS_PREFIX: config.redisPrefix } : {}),
          },
        },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, out: stdout + stderr }),
      );
    });
  }

  describe('anyone can become admin (finding 3)', () => {
    it('registering the ADMIN_EMAILS address with any password gives role user; only a verified address is granted', async () => {
      const reg = await register(BOSS, '10.3.0.1');
      expect(reg.statusCode).toBe(201);
      expect(reg.json<AuthResponse>().user.role).toBe('user');
      const again = await login(BOSS, '10.3.0.1');
      expect(again.statusCode).toBe(200);
      expect((await profile(again.json<AuthResponse>().access_token)).role).toBe('user');

      // What the coming email-verification step will record: from then on the listed address is staff.
      await t.ctx.db
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where('email', '=', BOSS)
        .execute();
      const verified = await login(BOSS, '10.3.0.1');
      expect((await profile(verified.json<AuthResponse>().access_token)).role).toBe('admin');
    });

    it(
      'the admin CLI grants and revokes an existing email account, refuses unknown roles, stray arguments and unknown users',
      { timeout: 120_000 },
      async () => {
        const email = `helper-${dialect}@example.com`;
        const { access_token } = (await register(email, '10.3.0.2')).json<AuthResponse>();

        const refusals = await Promise.all([
          adminCli('grant', email, 'root'),
          adminCli('grant', email, 'admin', '--force'),
          adminCli('grant', '--help', 'admin'),
          adminCli('grant', email, 'user'), // lowering is revoke's job
        ]);
        expect(refusals.map((r) => r.code)).toEqual([2, 2, 2, 2]);
        expect((await profile(access_token)).role).toBe('user');

        const granted = await adminCli('grant', email.toUpperCase(), 'support');
        expect(granted).toMatchObject({ code: 0 });
        expect(granted.out).toContain('is now support');
        // another program wrote it: the server sees it at once (SQLite counts other connections'
        // commits; with Redis the CLI tells the servers), though it had this session in its cache
        expect((await profile(access_token)).role).toBe('support');
        expect((await adminCli('list')).out).toContain(email);

        expect(await adminCli('revoke', email)).toMatchObject({ code: 0 });
        expect((await profile(access_token)).role).toBe('user');

        // No grant waits for a later sign-up: whoever registered the address first would get it.
        const later = `later-${dialect}@example.com`;
        expect(await adminCli('grant', later, 'admin')).toMatchObject({ code: 1 });
        expect((await register(later, '10.3.0.2')).json<AuthResponse>().user.role).toBe('user');
        expect(await adminCli('grant', later, 'admin')).toMatchObject({ code: 0 });
      },
    );
  });

  describe('sign-in spray (finding 5)', () => {
    it('logins over many emails from one network meet 429 at the per-network limit, an IPv6 /64 counting as one', async () => {
      const spray = async (address: (i: number) => string, label: string) => {
        const codes: number[] = [];
        for (let i = 0; i < 24; i++) codes.push((await login(`${label}-${i}@example.com`, address(i))).statusCode);
        return codes;
      };
      const v4 = await spray(() => '10.5.0.1', 'v4');
      expect(v4.slice(0, 20).every((c) => c === 401)).toBe(true);
      expect(v4.slice(20)).toEqual([429, 429, 429, 429]);
      const refused = await login('one-more@example.com', '10.5.0.1');
      expect(refused.json()).toMatchObject({ code: 'too_many_attempts', params: { seconds: expect.any(Number) } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const v6 = await spray((i) => `2001:db8:5:1::${(i + 1).toString(16)}`, 'v6');
      expect(v6.slice(20)).toEqual([429, 429, 429, 429]);

      // another network is not held up by this one
      expect((await login('v4-0@example.com', '10.5.0.2')).statusCode).toBe(401);
    });

    it('registering in bulk from one network: the welcome bonus stops at the cap (in SQL, across processes), then 429', async () => {
      const results: AuthResponse[] = [];
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await register(`farm-${i}@example.com`, '10.6.0.1');
        codes.push(res.statusCode);
        if (res.statusCode === 201) results.push(res.json<AuthResponse>());
      }
      expect(codes).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 429, 429]);
      expect(results.map((r) => r.welcome_bonus)).toEqual([true, true, false, false, false, false, false, false]);
      expect(results.map((r) => r.user.total_tokens)).toEqual([100, 100, 0, 0, 0, 0, 0, 0]);
      const bonuses = await t.ctx.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'welcome_bonus')
        .where(
          'ref',
          'in',
          results.map((r) => r.user.id),
        )
        .executeTakeFirstOrThrow();
      expect(Number(bonuses.n)).toBe(2);

      // A second server process on the same database (or this one after a restart) keeps the count.
      for (const i of [0, 1])
        expect((await register(`near-cap-${i}@example.com`, '10.6.0.9')).json<AuthResponse>().welcome_bonus).toBe(true);
      const other = await createContext(t.ctx.config);
      const otherApp = await buildApp(other.ctx);
      try {
        const res = await otherApp.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: 'elsewhere@example.com', password: PASSWORD },
          remoteAddress: '10.6.0.9',
        });
        expect(res.statusCode).toBe(201);
        expect(res.json<AuthResponse>()).toMatchObject({ welcome_bonus: false, user: { total_tokens: 0 } });
      } finally {
        await otherApp.close();
        await other.close();
      }
    });

    it('concurrent sign-ups from one network get no more bonuses than the cap', async () => {
      const all = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`rush-${i}@example.com`, '10.7.0.1')));
      expect(all.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect(all.filter((r) => r.json<AuthResponse>().welcome_bonus).length).toBe(2);
    });

    it('a first wallet sign-in shares the cap with email sign-ups', async () => {
      for (const i of [0, 1])
        expect((await register(`mixed-${i}@example.com`, '10.8.0.1')).json<AuthResponse>().welcome_bonus).toBe(true);
      const account = privateKeyToAccount(generatePrivateKey());
      const res = await post('/api/auth/verify', await challenge(account, '10.8.0.1'), '10.8.0.1');
      expect(res.statusCode).toBe(200);
      expect(res.json<AuthResponse>()).toMatchObject({ welcome_bonus: false, user: { total_tokens: 0 } });
      // signing the same wallet in again is no new account: no bonus field at all
      const again = await post('/api/auth/verify', await challenge(account, '10.8.0.2'), '10.8.0.2');
      expect(again.json<AuthResponse>().welcome_bonus).toBeUndefined();
    });

    it('wallet challenges and verifications from one network meet 429 at the per-network limit', async () => {
      const challenges: number[] = [];
      for (let i = 0; i < 7; i++) {
        const account = privateKeyToAccount(generatePrivateKey());
        challenges.push(
          (await post('/api/auth/challenge', { wallet_address: account.address }, '10.9.0.1')).statusCode,
        );
      }
      expect(challenges).toEqual([200, 200, 200, 200, 200, 429, 429]);

      // Real signed challenges (asked for from many networks) verified from one network.
      const signed = [];
      for (let i = 0; i < 7; i++)
        signed.push(await challenge(privateKeyToAccount(generatePrivateKey()), `10.9.1.${i + 1}`));
      const verifies: number[] = [];
      for (const body of signed) verifies.push((await post('/api/auth/verify', body, '10.9.2.1')).statusCode);
      expect(verifies).toEqual([200, 200, 200, 200, 200, 429, 429]);
    });

    it('expired challenges are let go, so a challenge spray leaves no pile of rows', async () => {
      await challenge(privateKeyToAccount(generatePrivateKey()), '10.11.0.1');
      await t.ctx.db.updateTable('auth_nonces').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
      await challenge(privateKeyToAccount(generatePrivateKey()), '10.11.0.2');
      expect(await t.ctx.db.selectFrom('auth_nonces').select('nonce').execute()).toHaveLength(1);
    });

    it('scrypt runs behind a small gate: 50 logins at once never run more than 2 hashes, the overflow gets 503 + Retry-After, /healthz answers', async () => {
      const known = `gate-${dialect}@example.com`;
      expect((await register(known, '10.10.0.1')).statusCode).toBe(201);
      await expect.poll(() => scryptLoad.inFlight).toBe(0);
      scryptLoad.max = 0;

      const logins = Array.from({ length: 50 }, (_, i) =>
        login(i % 2 ? known : `nobody-${i}@example.com`, `10.10.1.${i + 1}`, `guess-${i}`),
      );
      const health = await t.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const answers = await Promise.all(logins);

      expect(scryptLoad.max).toBeLessThanOrEqual(2);
      const codes = answers.map((r) => r.statusCode);
      expect(codes.every((c) => c === 401 || c === 503)).toBe(true);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]!.json()).toMatchObject({ code: 'password_check_busy' });
      expect(busy[0]!.headers['retry-after']).toBe('1');

      // once the burst is over, sign-in works again
      expect((await login(known, '10.10.2.1')).statusCode).toBe(200);
    });
  });
});
