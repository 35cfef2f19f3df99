import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { stubFetch, stubLocalStorage } from '../testing/browser-stubs.ts';
import { api, apiActivity, ApiError } from './api.ts';

beforeEach(() => stubLocalStorage());
afterEach(() => vi.unstubAllGlobals());

describe('api helper', () => {
  it('sends JSON with the stored bearer token and returns the parsed answer', async () => {
    localStorage.setItem('authToken', 'tok');
    const calls = stubFetch({ 'POST /api/x': [200, { ok: 1 }] });
    expect(await api('/api/x', { body: { a: 1 } })).toEqual({ ok: 1 });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { a: 1 },
      headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
    });
  });

  it('tells the server the language the person chose', async () => {
    const calls = stubFetch({ 'POST /api/auth/password/forgot': [202, null] });
    await i18next.init({ lng: 'ta', resources: {} });
    await api('/api/auth/password/forgot', { body: { email: 'a@example.com' } });
    expect(calls[0]!.headers['accept-language']).toBe('ta');
  });

  it('sends no authorization header when signed out, and form data as multipart', async () => {
    const calls = stubFetch({ 'PUT /api/user/profile': [200, {}] });
    const form = new FormData();
    form.set('username', 'asha');
    await api('/api/user/profile', { method: 'PUT', body: form });
    expect(calls[0]!.headers.authorization).toBeUndefined();
    expect(calls[0]!.headers['content-type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(calls[0]!.body).toBe(form);
  });

  it("fails with the body's detail, else 'HTTP {status}'", async () => {
    stubFetch({
      'GET /api/a': [409, { detail: 'Username is already taken', code: 'username_taken', field: 'username' }],
      'GET /api/b': [502, '<html>bad gateway</html>'],
    });
    await expect(api('/api/a')).rejects.toEqual(
      expect.objectContaining({
        message: 'Username is already taken',
        status: 409,
        code: 'username_taken',
        field: 'username',
      }),
    );
    const err = await api('/api/b').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('HTTP 502');
  });

  it('answers 204 with undefined', async () => {
    stubFetch({ 'POST /api/auth/logout': [204] });
    expect(await api('/api/auth/logout', { method: 'POST' })).toBeUndefined();
  });

  it('counts foreground calls for the loading bar, but not background calls or view pings', async () => {
    stubFetch({
      'GET /api/slow': [200, {}],
      'POST /api/videos/1/view': [200, {}],
      'POST /api/videos/1/like': [200, {}],
    });
    const seen: number[] = [];
    const stop = apiActivity.subscribe(() => seen.push(apiActivity.get().pending));
    await Promise.all([
      api('/api/slow'),
      api('/api/videos/1/view', { method: 'POST' }),
      api('/api/videos/1/like', { method: 'POST', background: true }),
    ]);
    stop();
    expect(seen).toEqual([1, 0]);
  });

  it('clears the loading bar when a call fails', async () => {
    stubFetch({});
    await expect(api('/api/missing')).rejects.toBeInstanceOf(ApiError);
    expect(apiActivity.get().pending).toBe(0);
  });
});
