import { LoginRequestSchema, PasswordLimits, RegisterRequestSchema, UsernameLimits } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { type SignInInput, type SignUpInput, useEmailAuth } from '../api/email-auth.ts';
import { PasswordField } from './password-field.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { EmailField } from './email-field.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { isolate } from '../../../lib/i18n/isolate.ts';

/** The field a shared-schema issue is about, as a translation key (the schemas speak English only). */
const FIELD_ERRORS: Record<string, string> = {
  email: 'auth.invalidEmail',
  password: 'auth.passwordTooShort',
  username: 'auth.invalidUsername',
};

/** Email sign-in and sign-up against the real accounts API; the shared schemas check input first. */
export function EmailForm({ afterSignIn }: { afterSignIn(): void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const [signUp, setSignUp] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const auth = useEmailAuth();
  const error = invalid ?? (auth.error && errorText(auth.error));
  const busy = auth.isPending;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setInvalid(null);
    auth.reset();
    if (!email.trim() || !password) return setInvalid(t('auth.required'));
    const parsed = signUp
      ? RegisterRequestSchema.safeParse({ email, password, username })
      : LoginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0]);
      return setInvalid(
        t(FIELD_ERRORS[field] ?? 'auth.required', {
          min: field === 'username' ? UsernameLimits.min : PasswordLimits.min,
          max: UsernameLimits.max,
        }),
      );
    }
    const input = signUp
      ? { signUp: true as const, body: parsed.data as SignUpInput }
      : { signUp: false as const, body: parsed.data as SignInInput };
    // signing in may leave this page before mutate's callbacks would run: mutateAsync's promise settles anyway
    auth.mutateAsync(input).then(
      (session) => {
        const greeting = !signUp
          ? t('auth.welcome', { name: isolate(session.user.username) })
          : session.welcome_bonus === false
            ? t('auth.noBonus') // the per-network daily cap was reached: say so rather than "0 tokens"
            : t('auth.bonus', { amount: format.tokens(session.user.total_tokens) });
        notify('success', greeting);
        afterSignIn();
      },
      () => undefined, // shown from auth.error
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="email-form">
      <EmailField label={t('auth.email')} name="email" value={email} onChange={setEmail} required />
      <PasswordField
        label={t('auth.password')}
        name="password"
        value={password}
        onChange={setPassword}
        isNew={signUp}
      />
      {!signUp && (
        <Link to="/forgot-password" className="forgot-link" data-testid="forgot-password">
          {t('auth.forgotPassword')}
        </Link>
      )}
      {signUp && (
        <label>
          {t('auth.username')}
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            maxLength={UsernameLimits.max}
          />
        </label>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('auth.working') : t(signUp ? 'auth.submitSignUp' : 'auth.submitSignIn')}
      </button>
      <button type="button" className="link-button" onClick={() => setSignUp((s) => !s)} data-testid="toggle-sign-up">
        {t(signUp ? 'auth.toSignIn' : 'auth.toSignUp')}
      </button>
    </form>
  );
}
