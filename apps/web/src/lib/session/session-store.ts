import type { User } from '@app/shared';
import { ApiError, clearToken, getToken, setToken } from '../api.ts';
import { createStore } from '../store.ts';
import { fetchProfile, revokeSessions } from './profile.ts';

export interface SessionState {
  user: User | null;
  isAuthenticated: boolean;
  /** the stored token is being checked: the shell shows a full-page spinner instead of routes */
  loading: boolean;
  /**
   * a stored sign-in could not be checked (the network or the server failed): it is kept, and
   * checked again with backoff; signed-in pages wait for it instead of sending the person to sign in
   */
  restoring: boolean;
}

/** The signed-in user. Videos live in the query cache, not here. */
export const session = createStore<SessionState>({
  user: null,
  isAuthenticated: false,
  loading: true,
  restoring: false,
});

/** Set by an explicit sign-out, so a still-authorized wallet does not sign the person straight back in. */
export const SIGNED_OUT_KEY = 'signedOut';

export const sessionActions = {
  setLoading: (loading: boolean) => session.set({ loading }),
  setUser: (user: User) => session.set({ user, isAuthenticated: true }),
  updateUserTokens: (total_tokens: number) => session.set((s) => (s.user ? { user: { ...s.user, total_tokens } } : {})),
  logout: () => {
    clearToken();
    session.set({ user: null, isAuthenticated: false });
  },
  /** Stores the token of a fresh sign-in and the user that came with it. */
  signedIn: (token: string, user: User) => {
    setToken(token);
    localStorage.removeItem(SIGNED_OUT_KEY);
    sessionActions.setUser(user);
  },
};

/**
 * Runs a profile read for the current token and hands its outcome on only if that token is still
 * the current one: a sign-in meanwhile (another wallet account) must not be undone by the answer
 * for the session it replaced.
 */
async function forCurrentToken(
  read: () => Promise<User>,
  onUser: (user: User) => void,
  onError: (err: unknown) => void,
): Promise<void> {
  const token = getToken();
  try {
    const user = await read();
    if (getToken() === token) onUser(user);
  } catch (err) {
    if (getToken() === token) onError(err);
  }
}

/** Wait before the next check of a stored sign-in that could not be checked: 1 s, 2 s, 4 s… up to 30 s. */
export const restoreRetryDelayMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** attempt);

const isRejected = (err: unknown) => err instanceof ApiError && err.status === 401;

/**
 * At start: with a stored token, fetch the profile. Only a 401 signs the person out. A network
 * error, a 5xx or a page left mid-check keeps the token: the site opens, and the check runs again
 * with backoff until it is answered, or the token is replaced or removed meanwhile.
 */
export async function restoreSession(wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<void> {
  const token = getToken();
  if (!token) return sessionActions.setLoading(false);
  sessionActions.setLoading(true);
  for (let attempt = 0; getToken() === token; attempt++) {
    let failed = false;
    await forCurrentToken(
      () => fetchProfile({ background: attempt > 0 }),
      sessionActions.setUser,
      (err) => (isRejected(err) ? sessionActions.logout() : (failed = true)),
    );
    if (!failed) break;
    session.set({ loading: false, restoring: true });
    await wait(restoreRetryDelayMs(attempt));
  }
  session.set({ loading: false, restoring: false });
}

/** Re-reads the balance and name quietly; only a rejected token signs the person out. */
export async function refreshUser(): Promise<void> {
  await forCurrentToken(
    () => fetchProfile({ background: true }),
    sessionActions.setUser,
    (err) => isRejected(err) && sessionActions.logout(),
  );
}

export async function signOut(everywhere = false): Promise<void> {
  localStorage.setItem(SIGNED_OUT_KEY, '1');
  try {
    await revokeSessions(everywhere);
  } catch {
    // the token is dropped locally either way
  }
  sessionActions.logout();
}
