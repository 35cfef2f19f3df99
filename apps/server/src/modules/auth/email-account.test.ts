import type { AuthResponse, User } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpInbox, linkIn, tokenIn } from '../../testing/smtp-inbox.ts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet } from '../../testing/test-users.ts';

const PASSWORD = 'correct horse battery';

describe.each(testDialects)('account mail over SMTP on %s', (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let n = 0;
  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    t = await createTestApp(dialect, {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Tarang <hello@tarang.example>',
      PUBLIC_URL: 'https://tarang.example/app',
      ADMIN_EMAILS: `boss-${dialect}@example.com`,
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const profile = async (token: string) => {
    const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(token) });
    return { status: res.statusCode, user: res.json<User>() };
  };
  const freshEmail = () => `person${++n}-${dialect}@example.com`;
  async function register(email = freshEmail()): Promise<AuthResponse & { email: string }> {
    const res = await post('/api/auth/register', { email, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    return { ...res.json<AuthResponse>(), email };
  }

  it('mails a verification link at sign-up; following it verifies the address', async () => {
    const { access_token, user, email } = await register();
    expect(user.email_verified).toBe(false);
    const mail = await inbox.waitFor(email);
    expect(mail.from).toBe('hello@tarang.example');
    expect(mail.subject).toBe('Confirm your email address');
    const link = linkIn(mail, 'verify-email');
    expect(link.origin + link.pathname).toBe('https://tarang.example/app/verify-email');

    const verified = await post('/api/auth/email/verify', { token: link.searchParams.get('token')! });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<User>()).toMatchObject({ id: user.id, email, email_verified: true });
    expect((await profile(access_token)).user.email_verified).toBe(true);
  });

  it('writes each mail in the language of the page that asked for it', async () => {
    const email = freshEmail();
    const headers = { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.5' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: PASSWORD },
      headers,
    });
    expect(res.statusCode).toBe(201);
    const welcome = await inbox.waitFor(email);
    expect(welcome.subject).toBe('உங்கள் மின்னஞ்சல் முகவரியை உறுதிசெய்யுங்கள்');
    expect(welcome.text).toContain('24 மணிநேரம்');
    linkIn(welcome, 'verify-email');

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email },
      headers: { 'accept-language': 'ur' },
    });
    const reset = await inbox.waitFor(email, 2);
    expect(reset.subject).toBe('اپنا پاس ورڈ دوبارہ ترتیب دیں');
    expect(reset.text).toContain('60');
    linkIn(reset, 'reset-password');
  });

  it('sends the verification mail again on request, and not to a verified address', async () => {
    const { access_token, email } = await register();
    await inbox.waitFor(email, 1);
    expect((await post('/api/auth/email/resend', {}, access_token)).statusCode).toBe(202);
    const second = await inbox.waitFor(email, 2);
    // only the newest link works
    expect(
      (await post('/api/auth/email/verify', { token: tokenIn(inbox.mailsTo(email)[0]!, 'verify-email') })).json(),
    ).toMatchObject({ code: 'token_invalid' });
    expect((await post('/api/auth/email/verify', { token: tokenIn(second, 'verify-email') })).statusCode).toBe(200);

    expect((await post('/api/auth/email/resend', {}, access_token)).statusCode).toBe(202);
    await t.ctx.mail.idle();
    expect(inbox.mailsTo(email)).toHaveLength(2);
  });

  it('makes an ADMIN_EMAILS address admin once it is verified', async () => {
    const { user, email } = await register(`boss-${dialect}@example.com`);
    expect(user.role).toBe('user');
    const verified = await post('/api/auth/email/verify', {
      token: tokenIn(await inbox.waitFor(email), 'verify-email'),
    });
    expect(verified.json<User>().role).toBe('admin');
  });

  it('resets a forgotten password: the link signs in, every old session ends, the old password stops working', async () => {
    const { access_token: old, email } = await register();
    await inbox.waitFor(email, 1);
    expect((await post('/api/auth/password/forgot', { email: email.toUpperCase() })).statusCode).toBe(202);
    const mail = await inbox.waitFor(email, 2);
    expect(mail.subject).toBe('Reset your password');
    const link = linkIn(mail, 'reset-password');
    expect(link.pathname).toBe('/app/reset-password');

    const reset = await post('/api/auth/password/reset', {
      token: link.searchParams.get('token')!,
      password: 'a brand new one',
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = reset.json<AuthResponse>();
    expect(signedIn.user).toMatchObject({ email, email_verified: true }); // the link proved the address too
    expect((await profile(signedIn.access_token)).status).toBe(200);
    expect((await profile(old)).status).toBe(401);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'a brand new one' })).statusCode).toBe(200);
  });

  it('changes the password: other sessions end, this one stays, the owner is told', async () => {
    const { access_token: here, email } = await register();
    const elsewhere = (await post('/api/auth/login', { email, password: PASSWORD })).json<AuthResponse>().access_token;
    await inbox.waitFor(email, 1);
    const changed = await post(
      '/api/auth/password/change',
      { current_password: PASSWORD, new_password: 'another good one' },
      here,
    );
    expect(changed.statusCode).toBe(204);
    expect((await profile(here)).status).toBe(200);
    expect((await profile(elsewhere)).status).toBe(401);
    expect((await inbox.waitFor(email, 2)).subject).toBe('Your password was changed');
    expect((await post('/api/auth/login', { email, password: 'another good one' })).statusCode).toBe(200);
  });

  it('changes the address only once the new one is verified, and tells the old one', async () => {
    const { access_token, email } = await register();
    await inbox.waitFor(email, 1);
    const next = freshEmail();
    const asked = await post('/api/auth/email/change', { new_email: next, password: PASSWORD }, access_token);
    expect(asked.statusCode).toBe(202);
    const mail = await inbox.waitFor(next);
    expect(mail.subject).toBe('Confirm your new email address');
    expect((await profile(access_token)).user.email).toBe(email); // not yet

    const verified = await post('/api/auth/email/verify', { token: tokenIn(mail, 'verify-email') });
    expect(verified.json<User>()).toMatchObject({ email: next, email_verified: true });
    const told = await inbox.waitFor(email, 2);
    expect(told.subject).toBe('Your email address was changed');
    expect(told.text).toContain(next);
    expect((await post('/api/auth/login', { email: next, password: PASSWORD })).statusCode).toBe(200);
  });

  it('lets a wallet account add an address without a password', async () => {
    const wallet = await signInWithWallet(t.app);
    expect(wallet.user.email_verified).toBe(false);
    const email = freshEmail();
    expect((await post('/api/auth/email/change', { new_email: email }, wallet.access_token)).statusCode).toBe(202);
    await post('/api/auth/email/verify', { token: tokenIn(await inbox.waitFor(email), 'verify-email') });
    expect((await profile(wallet.access_token)).user).toMatchObject({ email, email_verified: true });
  });

  it('deletes an account: its personal data goes, its ledger and public name stay anonymous', async () => {
    const { access_token, user, email } = await register();
    await inbox.waitFor(email, 1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile',
      headers: bearer(access_token),
      payload: { username: user.username, password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await profile(access_token)).status).toBe(401);
    const row = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, wallet_address: null, email_verified_at: null, role: 'user' });
    expect(row.email).toBe(`${user.id}@deleted.invalid`); // a row needs an email or a wallet
    expect(row.username).toMatch(/^deleted-/);
    expect(row.deleted_at).not.toBeNull();
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('credit_account_id', '=', `user:${user.id}`)
      .execute();
    expect(entries.map((e) => e.kind)).toContain('welcome_bonus');
    // the address is free again
    expect((await post('/api/auth/register', { email, password: PASSWORD })).statusCode).toBe(201);
  });
});
