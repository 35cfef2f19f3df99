import type { AuthResponse, User } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../boot.ts';
import { loadConfig } from '../../config.ts';
import { clockFrom, systemClock } from '../../lib/clock.ts';
import { hashToken } from '../sessions/sessions.service.ts';
import { SmtpInbox, tokenIn } from '../../testing/smtp-inbox.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer } from '../../testing/test-users.ts';

const PASSWORD = 'correct horse battery';

describe.each(testDialects)('account mail attacks on %s', (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let n = 0;
  const logLines: string[] = [];
  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    // every line the server writes, at the most verbose level, to look for leaked tokens
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'trace' }), {
      write: (line: string) => void logLines.push(line),
    });
    t = await createTestApp(dialect, { SMTP_URL: inbox.url, LOG_LEVEL: 'trace', MAIL_MAX_PER_IP: '8' }, { logger });
  });
  afterEach(() => {
    t.ctx.clock = systemClock;
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  let address = 0;
  /** a client network of its own per test, so the per-network mail limit of one test does not reach another */
  const newNetwork = () => `10.9.${++address}.1`;
  const post = (url: string, payload: object, opts: { token?: string; from?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: opts.token ? bearer(opts.token) : {},
      remoteAddress: opts.from ?? newNetwork(),
    });
  const profileStatus = async (token: string) =>
    (await t.app.inject({ url: '/api/user/profile', headers: bearer(token) })).statusCode;
  const freshEmail = () => `target${++n}-${dialect}@example.com`;
  async function register(): Promise<AuthResponse & { email: string; verifyToken: string }> {
    const email = freshEmail();
    const res = await post('/api/auth/register', { email, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    return { ...res.json<AuthResponse>(), email, verifyToken: tokenIn(await inbox.waitFor(email, 1), 'verify-email') };
  }
  async function resetToken(email: string): Promise<string> {
    const before = inbox.mailsTo(email).length;
    expect((await post('/api/auth/password/forgot', { email })).statusCode).toBe(202);
    return tokenIn(await inbox.waitFor(email, before + 1), 'reset-password');
  }

  it('stores tokens only as hashes', async () => {
    const { verifyToken } = await register();
    const rows = await t.ctx.db.selectFrom('email_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(verifyToken);
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(verifyToken));
  });

  it('refuses a link used twice, also when both uses race', async () => {
    const { verifyToken, email } = await register();
    const [a, b] = await Promise.all([
      post('/api/auth/email/verify', { token: verifyToken }),
      post('/api/auth/email/verify', { token: verifyToken }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((await post('/api/auth/email/verify', { token: verifyToken })).json()).toMatchObject({
      code: 'token_invalid',
    });

    const reset = await resetToken(email);
    expect((await post('/api/auth/password/reset', { token: reset, password: 'first new one' })).statusCode).toBe(200);
    const again = await post('/api/auth/password/reset', { token: reset, password: 'second new one' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'token_invalid' });
    expect((await post('/api/auth/login', { email, password: 'first new one' })).statusCode).toBe(200);
  });

  it('refuses expired links: verification after 24 h, reset after 1 h', async () => {
    const { verifyToken, email } = await register();
    const second = await register();
    const reset = await resetToken(email);
    const start = Date.now();
    t.ctx.clock = clockFrom(() => start + 61 * 60_000);
    const lateReset = await post('/api/auth/password/reset', { token: reset, password: 'too late now' });
    expect(lateReset.statusCode).toBe(400);
    expect(lateReset.json()).toMatchObject({ code: 'token_expired' });
    expect((await post('/api/auth/email/verify', { token: verifyToken })).statusCode).toBe(200); // 1 h is fine for it

    t.ctx.clock = clockFrom(() => start + 24 * 60 * 60_000 + 60_000);
    expect((await post('/api/auth/email/verify', { token: second.verifyToken })).json()).toMatchObject({
      code: 'token_expired',
    });
  });

  it('refuses a link used for another purpose', async () => {
    const { verifyToken, email, access_token } = await register();
    const asReset = await post('/api/auth/password/reset', { token: verifyToken, password: 'hijacked password' });
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json()).toMatchObject({ code: 'token_invalid' });
    const reset = await resetToken(email);
    expect((await post('/api/auth/email/verify', { token: reset })).json()).toMatchObject({ code: 'token_invalid' });
    // neither was spent by the wrong use
    expect((await post('/api/auth/email/verify', { token: verifyToken })).statusCode).toBe(200);
    expect(await profileStatus(access_token)).toBe(200);
    expect((await post('/api/auth/password/reset', { token: reset, password: 'my own new one' })).statusCode).toBe(200);
  });

  it('answers a reset request for an unknown address exactly like one for a known address, and mails nobody', async () => {
    const { email } = await register();
    const from = newNetwork();
    const known = await post('/api/auth/password/forgot', { email }, { from });
    // answered before any lookup: no mail is on its way through SMTP yet
    expect(inbox.mailsTo(email)).toHaveLength(1);
    const unknown = await post('/api/auth/password/forgot', { email: `nobody-${dialect}@example.com` }, { from });
    const shape = (r: typeof known) => ({
      status: r.statusCode,
      body: r.body,
      headers: Object.keys(r.headers)
        .filter((h) => h !== 'date' && h !== 'x-request-id')
        .sort()
        .map((h) => (h.startsWith('x-ratelimit') ? h : `${h}: ${String(r.headers[h])}`)),
    });
    expect(shape(unknown)).toEqual(shape(known));
    expect(known.statusCode).toBe(202);
    await inbox.waitFor(email, 2);
    await t.ctx.mail.idle();
    expect(inbox.mailsTo(`nobody-${dialect}@example.com`)).toEqual([]);
  });

  it('limits reset requests per address from anywhere, and per network', async () => {
    const { email } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/api/auth/password/forgot', { email })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);

    const from = newNetwork();
    const spray: number[] = [];
    for (let i = 0; i < 9; i++)
      spray.push((await post('/api/auth/password/forgot', { email: freshEmail() }, { from })).statusCode);
    expect(spray.slice(0, 8).every((s) => s === 202)).toBe(true);
    expect(spray[8]).toBe(429);
  });

  it('limits verification resends per account', async () => {
    const { access_token } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post('/api/auth/email/resend', {}, { token: access_token })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect((await post('/api/auth/email/resend', {})).statusCode).toBe(401);
  });

  it('ends every old session on reset', async () => {
    const { access_token, email } = await register();
    const other = (await post('/api/auth/login', { email, password: PASSWORD })).json<AuthResponse>().access_token;
    const reset = await post('/api/auth/password/reset', { token: await resetToken(email), password: 'taken back' });
    expect(await profileStatus(access_token)).toBe(401);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(reset.json<AuthResponse>().access_token)).toBe(200);
  });

  it('refuses to change the address to one another account has, before and after the link', async () => {
    const a = await register();
    const b = await register();
    const taken = await post(
      '/api/auth/email/change',
      { new_email: b.email, password: PASSWORD },
      { token: a.access_token },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken' });

    // both ask for the same free address; the first to follow its link gets it
    const wanted = freshEmail();
    for (const who of [a, b])
      expect(
        (await post('/api/auth/email/change', { new_email: wanted, password: PASSWORD }, { token: who.access_token }))
          .statusCode,
      ).toBe(202);
    await inbox.waitFor(wanted, 2);
    const [first, second] = inbox.mailsTo(wanted).map((m) => tokenIn(m, 'verify-email'));
    expect((await post('/api/auth/email/verify', { token: first! })).statusCode).toBe(200);
    const late = await post('/api/auth/email/verify', { token: second! });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'email_taken' });
  });

  it('refuses a wrong current password, and limits guesses with a stolen session', async () => {
    const { access_token, email } = await register();
    const wrong = await post(
      '/api/auth/password/change',
      { current_password: 'not it at all', new_password: 'attacker choice' },
      { token: access_token },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
    const change = await post(
      '/api/auth/email/change',
      { new_email: freshEmail(), password: 'nope' },
      { token: access_token },
    );
    expect(change.json()).toMatchObject({ code: 'wrong_password' });
    const missing = await post('/api/auth/email/change', { new_email: freshEmail() }, { token: access_token });
    expect(missing.json()).toMatchObject({ code: 'wrong_password' });
    const guesses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/api/auth/password/change',
        { current_password: `guess ${i}`, new_password: 'attacker choice' },
        { token: access_token },
      );
      guesses.push(res.statusCode);
    }
    expect(guesses.at(-1)).toBe(429);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('deletes an account only with its username and password; then its session is refused', async () => {
    const { access_token, user } = await register();
    const del = (payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/user/profile', headers: bearer(access_token), payload });
    expect((await del({ username: 'someone-else', password: PASSWORD })).statusCode).toBe(400);
    expect((await del({ username: user.username, password: 'wrong one' })).json()).toMatchObject({
      code: 'wrong_password',
    });
    expect((await del({ username: user.username })).json()).toMatchObject({ code: 'wrong_password' });
    expect(await profileStatus(access_token)).toBe(200);
    expect((await del({ username: user.username, password: PASSWORD })).statusCode).toBe(204);
    expect(await profileStatus(access_token)).toBe(401);
    expect((await post('/api/auth/email/resend', {}, { token: access_token })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email!, password: PASSWORD })).statusCode).toBe(401);
  });

  it('never logs a token or a link when SMTP is configured', async () => {
    await t.ctx.mail.idle();
    const tokens = inbox.received.flatMap((m) => /token=([\w-]+)/.exec(m.text)?.[1] ?? []);
    expect(tokens.length).toBeGreaterThan(10);
    const log = logLines.join('\n');
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain('token=');
  });
});

describe('when mail cannot be sent', () => {
  it('still registers and resets, and logs the failure without the mail', async () => {
    const lines: string[] = [];
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'info' }), { write: (line: string) => void lines.push(line) });
    // nothing listens on port 9 of loopback
    const t = await createTestApp('sqlite', { SMTP_URL: 'smtp://user:pw@127.0.0.1:9', LOG_LEVEL: 'info' }, { logger });
    try {
      const reg = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'unlucky@example.com', password: PASSWORD },
      });
      expect(reg.statusCode).toBe(201);
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: 'unlucky@example.com' },
      });
      expect(forgot.statusCode).toBe(202);
      await t.ctx.mail.idle();
      const failures = lines.filter((l) => l.includes('mail not sent'));
      expect(failures).toHaveLength(2);
      expect(failures.join()).not.toMatch(/token|verify-email|reset-password/);
      const user = reg.json<{ user: User }>().user;
      expect(user.email_verified).toBe(false);
    } finally {
      await t.close();
    }
  });
});
