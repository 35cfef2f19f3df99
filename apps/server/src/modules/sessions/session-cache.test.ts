import type { AuthResponse } from '@app/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import type { UsersTable } from '../../db/schema.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { testBusPairs } from '../../testing/test-buses.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { grantRole } from '../users/users.service.ts';
import { setRole } from '../users/users.repository.ts';
import { SESSION_CACHE_MAX_ENTRIES, SessionCache, sessionCacheOf, useSharedSessionCache } from './session-cache.ts';

const someone = (id: string): UsersTable => ({
  id,
  username: id,
  username_key: id,
  email: `${id}@example.com`,
  password_hash: null,
  wallet_address: null,
  role: 'user',
  email_verified_at: null,
  created_at: '2026-11-28T00:00:00.000Z',
  updated_at: '2026-11-28T00:00:00.000Z',
  deleted_at: null,
});

describe('the session cache', () => {
  it('serves a session until its time is up or the session expires, whichever comes first', () => {
    let now = 10_000;
    const cache = new SessionCache(2_000, () => now);
    cache.set(cache.generation, 'long', someone('a'), 1_000_000);
    cache.set(cache.generation, 'short', someone('b'), 11_000);
    now += 999;
    expect(cache.get('long')?.id).toBe('a');
    expect(cache.get('short')?.id).toBe('b');
    now += 1;
    expect(cache.get('short')).toBeUndefined(); // the session expired at 11 000
    expect(cache.get('long')?.id).toBe('a');
    now += 1_000;
    expect(cache.get('long')).toBeUndefined(); // kept 2 s: ask the database again
  });

  it('never keeps what a read found if something changed while it ran (a revoked session stays revoked)', () => {
    const cache = new SessionCache(60_000);
    const stamp = cache.generation; // the read begins
    cache.invalidate(); // the session is revoked and committed meanwhile
    const user = cache.set(stamp, 'token', someone('a'), Date.now() + 60_000); // the read ends with the old row
    expect(user.id).toBe('a'); // this request was already under way: it gets its answer
    expect(cache.get('token')).toBeUndefined(); // but the next one asks the database
  });

  it('keeps nothing from before another program wrote to the database', () => {
    let version: number | undefined = 7;
    const cache = new SessionCache(
      60_000,
      Date.now,
      () => {},
      () => version,
    );
    cache.set(cache.generation, 'token', someone('a'), Date.now() + 60_000);
    expect(cache.get('token')?.id).toBe('a');
    version = undefined; // cannot tell (a transaction holds the connection): what is kept stands
    expect(cache.get('token')?.id).toBe('a');
    version = 8; // the admin CLI committed
    expect(cache.get('token')).toBeUndefined();
  });

  it('hands out rows no request can change', () => {
    const cache = new SessionCache(60_000);
    const user = cache.set(cache.generation, 'token', someone('a'), Date.now() + 60_000);
    expect(() => Object.assign(user, { role: 'admin' })).toThrow(TypeError);
    expect(cache.get('token')?.role).toBe('user');
  });

  it('attack: a flood of sign-ins cannot grow it past its cap; the newest sessions stay', () => {
    const cache = new SessionCache(60_000);
    const count = SESSION_CACHE_MAX_ENTRIES * 2;
    for (let i = 0; i < count; i++) cache.set(cache.generation, `t${i}`, someone(`u${i}`), Date.now() + 60_000);
    const kept = Array.from({ length: count }, (_, i) => cache.get(`t${i}`));
    expect(kept.filter(Boolean)).toHaveLength(SESSION_CACHE_MAX_ENTRIES);
    expect(kept.at(-1)?.id).toBe(`u${count - 1}`);
  });

  const log = pino({ level: 'silent' });
  const { pairs, closeAll } = testBusPairs('session-cache');
  afterAll(closeAll);

  it.each(pairs)('a change in one process drops the sessions the others keep (%s)', async (_, makePair) => {
    const buses = makePair();
    // stand-ins for each process's database handle (not SQLite: no other connection's writes to count)
    const standIn = () => ({ isTransaction: false, getExecutor: () => ({ adapter: {} }) }) as unknown as Db;
    const [dbA, dbB] = [standIn(), standIn()];
    await useSharedSessionCache(dbA, 60_000, buses.a, log);
    await useSharedSessionCache(dbB, 60_000, buses.b, log);
    const b = sessionCacheOf(dbB)!;
    b.set(b.generation, 'token', someone('a'), Date.now() + 60_000);
    sessionCacheOf(dbA)!.invalidate();
    await expect.poll(() => b.get('token')).toBeUndefined();
    await buses.close();
  });
});

describe.each(testDialects)('signed-in requests through the session cache on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { SESSION_CACHE_MS: '60000' });
  });
  afterAll(() => t.close());

  const profile = (token: string) => t.app.inject({ url: '/api/user/profile', headers: bearer(token) });
  const post = (url: string, token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  /** a second session of the same account */
  const signIn = async (email: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'correct horse battery' },
      })
    ).json<AuthResponse>().access_token;
  /** signs up and uses the session once, so the cache holds it */
  const cachedSession = async () => {
    const account = await signUpByEmail(t.app);
    expect((await profile(account.access_token)).statusCode).toBe(200);
    return account;
  };

  it('keeps a used session: the next request does not ask the database', async () => {
    const { access_token } = await cachedSession();
    const before = (await profile(access_token)).json();
    // a change made behind the server's back (no process announced it) shows only after the cache's time
    await t.ctx.db.updateTable('users').set({ username: 'behind_the_back' }).where('id', '=', before.id).execute();
    expect((await profile(access_token)).json().username).toBe(before.username);
  });

  it('signing out refuses the token at once', async () => {
    const { access_token } = await cachedSession();
    expect((await post('/api/auth/logout', access_token)).statusCode).toBe(204);
    expect((await profile(access_token)).statusCode).toBe(401);
  });

  it('signing out everywhere refuses every other session at once', async () => {
    const account = await cachedSession();
    const other = await signIn(account.user.email!);
    expect((await profile(other)).statusCode).toBe(200);
    expect((await post('/api/auth/logout-all', account.access_token)).statusCode).toBe(204);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(account.access_token)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions at once and keeps this one', async () => {
    const account = await cachedSession();
    const other = await signIn(account.user.email!);
    expect((await profile(other)).statusCode).toBe(200);
    const changed = await post('/api/auth/password/change', account.access_token, {
      current_password: 'correct horse battery',
      new_password: 'another horse battery',
    });
    expect(changed.statusCode).toBe(204);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(account.access_token)).statusCode).toBe(200);
  });

  it('a deleted account is signed out at once', async () => {
    const account = await cachedSession();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile',
      payload: { username: account.user.username, password: 'correct horse battery' },
      headers: bearer(account.access_token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await profile(account.access_token)).statusCode).toBe(401);
  });

  it('a new role and a new name show at once', async () => {
    const account = await cachedSession();
    await grantRole(t.ctx.db, account.user.id, 'support');
    expect((await profile(account.access_token)).json().role).toBe('support');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { username: `renamed_${dialect}` },
      headers: bearer(account.access_token),
    });
    expect(renamed.statusCode).toBe(200);
    expect((await profile(account.access_token)).json().username).toBe(`renamed_${dialect}`);
  });

  it('attack: reads racing a sign-out never bring the session back', async () => {
    const { access_token } = await cachedSession();
    const racing = Array.from({ length: 20 }, () => profile(access_token));
    const out = post('/api/auth/logout', access_token);
    await Promise.all(racing);
    expect((await out).statusCode).toBe(204);
    const after = await Promise.all(Array.from({ length: 20 }, () => profile(access_token)));
    expect(after.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
  });

  it('a change inside a write transaction reaches the cache only once it commits, and not at all if it rolls back', async () => {
    const account = await cachedSession();
    const roleNow = async () => (await profile(account.access_token)).json().role;
    await expect(
      writeTransaction(t.ctx.db, async (trx) => {
        await setRole(trx, account.user.id, 'admin', new Date().toISOString());
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await roleNow()).toBe('user');
    await writeTransaction(t.ctx.db, async (trx) => {
      await setRole(trx, account.user.id, 'support', new Date().toISOString());
      if (dialect === 'postgres') {
        // another request reads the row before the commit (SQLite's one connection is this transaction's)
        sessionCacheOf(t.ctx.db)!.drop();
        expect(await roleNow()).toBe('user');
      }
    });
    expect(await roleNow()).toBe('support'); // what it kept went with the commit
  });
});
