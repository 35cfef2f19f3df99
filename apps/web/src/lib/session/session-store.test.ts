import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, stubLocalStorage } from '../../testing/browser-stubs.ts';
import {
  SIGNED_OUT_KEY,
  refreshUser,
  restoreRetryDelayMs,
  restoreSession,
  session,
  sessionActions,
  signOut,
} from './session-store.ts';

const USER = {
  id: 'u1',
  username: 'asha',
  email: 'a@example.com',
  email_verified: false,
  total_tokens: 100,
  created_at: '2026-01-01T00:00:00Z',
  wallet_address: null,
  role: 'user' as const,
};

beforeEach(() => {
  stubLocalStorage();
  session.set({ user: null, isAuthenticated: false, loading: true, restoring: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('without a stored token just stops loading', async () => {
    const calls = stubFetch({});
    await restoreSession();
    expect(session.get()).toMatchObject({ loading: false, isAuthenticated: false, user: null });
    expect(calls).toEqual([]);
  });

  it('with a stored token fetches the profile and signs the user in', async () => {
    localStorage.setItem('authToken', 'tok');
    const calls = stubFetch({ 'GET /api/user/profile': [200, USER] });
    await restoreSession();
    expect(session.get()).toMatchObject({ loading: false, isAuthenticated: true, user: USER });
    expect(calls[0]!.headers.authorization).toBe('Bearer tok');
  });

  it('removes a token the server rejects and logs out', async () => {
    localStorage.setItem('authToken', 'stale');
    stubFetch({ 'GET /api/user/profile': [401, { detail: 'Session expired', code: 'unauthorized' }] });
    await restoreSession();
    expect(session.get()).toMatchObject({ loading: false, isAuthenticated: false, user: null });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('keeps the sign-in through network errors and 5xx answers, checking again with backoff until answered', async () => {
    localStorage.setItem('authToken', 'tok');
    const answers: Array<() => Response> = [
      () => {
        throw new TypeError('Failed to fetch'); // the network, or a page left mid-check
      },
      () => Response.json({ detail: 'Internal error', code: 'internal' }, { status: 500 }),
      () => Response.json({ detail: 'Try later', code: 'service_unavailable' }, { status: 503 }),
      () => Response.json(USER),
    ];
    vi.stubGlobal('fetch', async () => answers.shift()!());
    const waits: number[] = [];
    const states: Array<ReturnType<typeof session.get>> = [];
    await restoreSession(async (ms) => {
      waits.push(ms);
      states.push({ ...session.get() });
      expect(localStorage.getItem('authToken')).toBe('tok');
    });
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(states.every((s) => s.loading === false && s.restoring === true)).toBe(true);
    expect(session.get()).toMatchObject({ loading: false, restoring: false, isAuthenticated: true, user: USER });
    expect(restoreRetryDelayMs(10)).toBe(30_000);
  });

  it('stops checking a kept sign-in once it is signed out, and signs out on a 401 after failures', async () => {
    localStorage.setItem('authToken', 'tok');
    vi.stubGlobal('fetch', async () => Response.json({ detail: 'down', code: 'internal' }, { status: 502 }));
    let waited = 0;
    await restoreSession(async () => {
      waited++;
      localStorage.removeItem('authToken'); // signed out in another tab meanwhile
    });
    expect(waited).toBe(1);
    expect(session.get()).toMatchObject({ restoring: false, isAuthenticated: false });

    localStorage.setItem('authToken', 'old');
    const answers = [
      Response.json({ detail: 'down', code: 'internal' }, { status: 500 }),
      Response.json({ detail: 'Session expired', code: 'unauthorized' }, { status: 401 }),
    ];
    vi.stubGlobal('fetch', async () => answers.shift()!);
    await restoreSession(async () => undefined);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(session.get()).toMatchObject({ restoring: false, isAuthenticated: false, user: null });
  });

  it('drops a profile that answers for a session replaced meanwhile (the wallet switched accounts)', async () => {
    const OTHER = { ...USER, id: 'u2', username: 'ravi' };
    sessionActions.signedIn('first', USER);
    let answer!: () => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = () => resolve(Response.json(USER)))));
    const refreshing = refreshUser();
    sessionActions.signedIn('second', OTHER); // the new account's sign-in lands first
    answer();
    await refreshing;
    expect(session.get().user).toEqual(OTHER);

    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>(
          (resolve) =>
            (answer = () =>
              resolve(Response.json({ detail: 'Session expired', code: 'unauthorized' }, { status: 401 }))),
        ),
    );
    const rejected = refreshUser();
    sessionActions.signedIn('third', USER);
    answer();
    await rejected;
    expect(session.get()).toMatchObject({ isAuthenticated: true, user: USER }); // the old token's 401 is not the new one's
  });

  it('updates the balance only when someone is signed in', () => {
    sessionActions.updateUserTokens(5);
    expect(session.get().user).toBeNull();
    sessionActions.signedIn('tok', USER);
    sessionActions.updateUserTokens(99.5);
    expect(session.get().user?.total_tokens).toBe(99.5);
  });

  it('signs out on the server, forgets the token and remembers the choice', async () => {
    sessionActions.signedIn('tok', USER);
    const calls = stubFetch({ 'POST /api/auth/logout-all': [204] });
    await signOut(true);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout-all']);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem(SIGNED_OUT_KEY)).toBe('1');
    expect(session.get().isAuthenticated).toBe(false);
  });
});
