import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

function multipart(fields: Record<string, string>) {
  const boundary = '----tarangtest';
  const body =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDialects)('user profile on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const put = (token: string, form: Record<string, string>) => {
    const { payload, headers } = multipart(form);
    return t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  };

  it('answers 401 without a token and with a made-up token', async () => {
    expect((await t.app.inject({ url: '/api/user/profile' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/user/profile', headers: bearer('made-up') });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('session_expired');
  });

  it('returns every field of the spec and never the password hash', async () => {
    const { access_token } = await signUpByEmail(t.app);
    const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(access_token) });
    expect(Object.keys(res.json()).sort()).toEqual([
      'created_at',
      'email',
      'email_verified',
      'id',
      'role',
      'total_tokens',
      'username',
      'wallet_address',
    ]);
    expect(res.body).not.toContain('scrypt');
  });

  it('renames through multipart and through JSON', async () => {
    const { access_token } = await signInWithWallet(t.app);
    const res = await put(access_token, { username: `  Renamed_${dialect} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(`Renamed_${dialect}`);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { username: `json-${dialect}` },
      headers: bearer(access_token),
    });
    expect(json.json().username).toBe(`json-${dialect}`);
  });

  it('keeps names unique regardless of letter case', async () => {
    const a = await signUpByEmail(t.app);
    const b = await signUpByEmail(t.app);
    expect((await put(a.access_token, { username: 'UniqueName' })).statusCode).toBe(200);
    const clash = await put(b.access_token, { username: 'uniquename' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ detail: 'Username is already taken', code: 'username_taken', field: 'username' });
    // renaming to one's own name in another case is fine
    expect((await put(a.access_token, { username: 'UNIQUENAME' })).statusCode).toBe(200);
  });

  it.each([
    ['too short', 'ab', 'at least 3'],
    ['too long', 'x'.repeat(31), 'at most 30'],
    ['with spaces', 'two words', 'letters, digits'],
    ['reserved', 'the_admin', 'reserved for staff'],
  ])('refuses a name that is %s', async (_case, username, detail) => {
    const { access_token } = await signUpByEmail(t.app);
    const res = await put(access_token, { username });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
  });

  it('lets staff carry reserved words', async () => {
    const { access_token, user } = await signUpByEmail(t.app);
    await t.ctx.db.updateTable('users').set({ role: 'support' }).where('id', '=', user.id).execute();
    expect((await put(access_token, { username: `support_${dialect}` })).statusCode).toBe(200);
  });

  it('without a username returns the profile unchanged', async () => {
    const { access_token, user } = await signUpByEmail(t.app);
    const res = await put(access_token, {});
    expect(res.json().username).toBe(user.username);
  });
});

describe('server basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('serves health, OpenAPI and JSON 404s for unknown API paths', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/challenge', '/api/auth/verify', '/api/user/profile']),
    );
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('sends security headers: a strict script policy on pages, nothing runs or loads under an API answer', async () => {
    const page = await t.app.inject({ url: '/video/some-id' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.app.inject({ url: '/healthz' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers malformed JSON with 400 and a detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe('string');
  });
});
