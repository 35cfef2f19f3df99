import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@app/shared';
import { hasNulText } from '../lib/nul-text.ts';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';

it('finds a NUL character in strings, keys, arrays and nested objects', () => {
  expect(hasNulText('fine')).toBe(false);
  expect(hasNulText({ a: ['x', { b: 'y' }], n: 3, z: null })).toBe(false);
  expect(hasNulText('a\u0000b')).toBe(true);
  expect(hasNulText({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
  expect(hasNulText({ ['k\u0000']: 1 })).toBe(true);
});

describe.each(testDialects)('attack: text with a NUL character on %s', (dialect) => {
  let t: TestApp;
  let user: AuthResponse;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await signUpByEmail(t.app);
  });
  afterAll(() => t.close());

  const refusedClearly = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'nul_character', detail: expect.stringContaining('NUL') });
  };

  it('in a JSON body is refused with 400 and nothing is stored', async () => {
    refusedClearly(
      await t.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: bearer(user.access_token),
        payload: { title: 'a\u0000b', description: 'text', category_id: 1 },
      }),
    );
    const mine = await t.app.inject({ url: '/api/tickets', headers: bearer(user.access_token) });
    expect(mine.json<{ tickets: unknown[] }>().tickets).toEqual([]);
  });

  it('in a path or a query string is refused with 400, never a 500', async () => {
    refusedClearly(await t.app.inject({ url: '/api/videos/abc%00def' }));
    refusedClearly(await t.app.inject({ url: '/api/videos?search=a%00b' }));
  });

  it('in a multipart form field is refused with 400', async () => {
    const boundary = 'nulboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nbad\u0000name\r\n--${boundary}--\r\n`;
    refusedClearly(
      await t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: { ...bearer(user.access_token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      }),
    );
  });
});
