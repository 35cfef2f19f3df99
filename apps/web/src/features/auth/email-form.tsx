import { LoginRequestSchema, RegisterRequestSchema, type AuthResponse } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api.ts';
import { notify } from '../notifications/notifications.ts';
import { sessionActions } from '../session/session-store.ts';

/** Email sign-in and sign-up against the real accounts API; the shared schemas check input first. */
export function EmailForm({ afterSignIn }: { afterSignIn(): void }) {
  const { t } = useTranslation();
  const [signUp, setSignUp] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) return setError(t('auth.required'));
    const parsed = signUp ? RegisterRequestSchema.safeParse({ email, password, username }) : LoginRequestSchema.safeParse({ email, password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t('auth.required'));
    setBusy(true);
    try {
      const auth = await api<AuthResponse>(signUp ? '/api/auth/register' : '/api/auth/login', { body: parsed.data });
      sessionActions.signedIn(auth.access_token, auth.user);
      notify('success', t('auth.welcome', { name: auth.user.username }));
      afterSignIn();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="email-form">
      <label>
        {t('auth.email')}
        <input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <label>
        {t('auth.password')}
        <input type="password" name="password" autoComplete={signUp ? 'new-password' : 'current-password'} value={password} onChange={(e) => setPassword(e.target.value)} required />
      </label>
      {signUp && (
        <label>
          {t('auth.username')}
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
      )}
      {error && <p className="form-error" role="alert" data-testid="form-error">{error}</p>}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('auth.working') : t(signUp ? 'auth.submitSignUp' : 'auth.submitSignIn')}
      </button>
      <button type="button" className="link-button" onClick={() => setSignUp((s) => !s)} data-testid="toggle-sign-up">
        {t(signUp ? 'auth.toSignIn' : 'auth.toSignUp')}
      </button>
    </form>
  );
}
