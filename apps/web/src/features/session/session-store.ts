import type { User } from '@app/shared';
import { api, ApiError, clearToken, getToken, setToken } from '../../lib/api.ts';
import { createStore } from '../../lib/store.ts';

export interface SessionState {
  user: User | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
}

/** The signed-in user and the app-wide loading/error flags (spec core §3–§4). */
export const session = createStore<SessionState>({ user: null, isAuthenticated: false, loading: true, error: null });

export const sessionActions = {
  setLoading: (loading: boolean) => session.set({ loading, error: null }),
  setError: (error: string) => session.set({ error, loading: false }),
  clearError: () => session.set({ error: null }),
  setUser: (user: User) => session.set({ user, isAuthenticated: true, loading: false, error: null }),
  updateUserTokens: (total_tokens: number) => session.set((s) => (s.user ? { user: { ...s.user, total_tokens } } : {})),
  logout: () => {
    clearToken();
    session.set({ user: null, isAuthenticated: false });
  },
  /** Stores the token of a fresh sign-in and the user that came with it. */
  signedIn(token: string, user: User) {
    setToken(token);
    localStorage.removeItem(SIGNED_OUT_KEY);
    this.setUser(user);
  },
};

/** At start: with a stored token, fetch the profile; any failure removes the token. */
export async function restoreSession(): Promise<void> {
  if (!getToken()) {
    session.set({ loading: false });
    return;
  }
  session.set({ loading: true });
  try {
    sessionActions.setUser(await api<User>('/api/user/profile'));
  } catch {
    sessionActions.logout();
  } finally {
    session.set({ loading: false });
  }
}

export async function refreshUser(): Promise<void> {
  try {
    sessionActions.setUser(await api<User>('/api/user/profile'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) sessionActions.logout();
  }
}

/** Set by an explicit sign-out, so an still-authorized wallet does not sign the person straight back in. */
export const SIGNED_OUT_KEY = 'signedOut';

export async function signOut(everywhere = false): Promise<void> {
  localStorage.setItem(SIGNED_OUT_KEY, '1');
  try {
    await api(everywhere ? '/api/auth/logout-all' : '/api/auth/logout', { method: 'POST' });
  } catch {
    // the token is dropped locally either way
  }
  sessionActions.logout();
}
