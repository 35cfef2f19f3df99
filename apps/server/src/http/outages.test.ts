import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseOutage } from '../db/outage.ts';
import { insertVideo } from '../testing/fixtures.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('databaseOutage', () => {
  it('knows the failures of a database that cannot answer, and nothing else', () => {
    expect(databaseOutage(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('unavailable');
    expect(databaseOutage(Object.assign(new Error('x'), { code: '57P01' }))).toBe('unavailable');
    expect(databaseOutage(Object.assign(new Error('x'), { code: '08006' }))).toBe('unavailable');
    expect(databaseOutage(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' }))).toBe('unavailable');
    expect(databaseOutage(Object.assign(new Error('x'), { code: 'SQLITE_IOERR_WRITE' }))).toBe('unavailable');
    expect(databaseOutage(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseOutage(Object.assign(new Error('x'), { code: 'SQLITE_FULL' }))).toBe('disk_full');
    expect(databaseOutage(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ENOSPC' }) }))).toBe(
      'disk_full',
    );
    // bugs and refusals stay what they are
    expect(databaseOutage(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBeUndefined();
    expect(databaseOutage(Object.assign(new Error('x'), { code: '23505' }))).toBeUndefined();
    expect(databaseOutage(new TypeError('undefined is not a function'))).toBeUndefined();
    expect(databaseOutage(null)).toBeUndefined();
  });
});

describe('a full disk (SQLite)', () => {
  it('writes answer 507 with Retry-After (never 500) and keep nothing; they work again once there is room', async () => {
    t = await createTestApp('sqlite');
    const creator = await signUpByEmail(t.app);
    const fan = await signUpByEmail(t.app);
    const video = await insertVideo(t.ctx.db, creator.user.id);
    // The database may not grow past the pages it has, and its free pages are taken: SQLite then
    // answers every write that needs a new page with SQLITE_FULL, as it does on a full disk.
    await sql`create table filler (b blob)`.execute(t.ctx.db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.ctx.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(t.ctx.db);
    for (;;) {
      try {
        await sql`insert into filler values (randomblob(1000))`.execute(t.ctx.db);
      } catch (err) {
        expect(databaseOutage(err)).toBe('disk_full');
        break;
      }
    }
    const tip = (i: number) =>
      t!.app.inject({
        method: 'POST',
        url: `/api/videos/${video.id}/tip`,
        headers: { ...bearer(fan.access_token), 'idempotency-key': `disk-full-${i}` },
        payload: { video_id: video.id, amount: 0.1 },
      });
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => tip(i)));
    const odd = answers.find((r) => ![200, 201, 507].includes(r.statusCode));
    expect(odd && `${odd.statusCode} ${odd.body}`).toBeUndefined();
    const refused = answers.filter((r) => r.statusCode === 507);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.json()).toMatchObject({ code: 'insufficient_storage' });
      expect(res.headers['retry-after']).toBe('5');
    }
    // Every refused tip left nothing behind: the fan paid exactly for the tips that were answered.
    const paid = answers.length - refused.length;
    const profile = await t.app.inject({ url: '/api/user/profile', headers: bearer(fan.access_token) });
    expect(profile.json().total_tokens).toBeCloseTo(100 - paid * 0.1, 6);
    await sql.raw('pragma max_page_count = 1073741823').execute(t.ctx.db);
    expect((await tip(10_000)).statusCode).toBeLessThan(300);
  });
});

describe.runIf(testDialects.includes('postgres'))('PostgreSQL gone (its database closed to connections)', () => {
  /** Closes the test's database to new connections and ends the open ones: to the app, PostgreSQL is down. */
  async function setDatabaseReachable(url: string, reachable: boolean): Promise<void> {
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database ${name} allow_connections ${reachable}`);
      if (!reachable)
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    } finally {
      await admin.end();
    }
  }

  it('writes answer 503 + Retry-After (never 500), anonymous reads come from the read cache, /readyz names the database; all is back after', async () => {
    t = await createTestApp('postgres', { READ_CACHE_MS: '50' });
    const me = await signUpByEmail(t.app);
    await insertVideo(t.ctx.db, me.user.id);
    const feed = await t.app.inject({ url: '/api/videos?limit=12' });
    expect(feed.statusCode).toBe(200);
    const url = t.ctx.config.databaseUrl!;
    await setDatabaseReachable(url, false);
    try {
      await new Promise((r) => setTimeout(r, 100)); // the cached feed is past its time: only the outage serves it
      const stale = await t.app.inject({ url: '/api/videos?limit=12' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(feed.body);
      expect(stale.headers['x-served-stale']).toBe('1');

      const rename = await t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: bearer(me.access_token),
        payload: { username: 'renamed_in_outage' },
      });
      // the session lookup itself needs the database: the answer is the outage, not "signed out"
      expect(rename.statusCode).toBe(503);
      expect(rename.json()).toMatchObject({ code: 'service_unavailable' });
      expect(rename.headers['retry-after']).toBe('5');
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'outage@example.com', password: 'correct horse battery' },
      });
      expect(register.statusCode).toBe(503);

      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', down: ['database'] });
    } finally {
      await setDatabaseReachable(url, true);
    }
    // The pool opens new connections on its own: nothing half-written is there, and writes work again.
    const profile = await t.app.inject({ url: '/api/user/profile', headers: bearer(me.access_token) });
    expect(profile.json()).toMatchObject({ username: me.user.username });
    await signUpByEmail(t.app, { email: 'outage@example.com' });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
