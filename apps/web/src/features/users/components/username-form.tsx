import { UsernameLimits, UsernameSchema, type User } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { updateUsername } from '../../../lib/session/profile.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';

export function UsernameForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = name.trim() !== user.username; // only a changed name is sent

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = UsernameSchema.safeParse(name);
    if (!parsed.success)
      return setError(t('auth.invalidUsername', { min: UsernameLimits.min, max: UsernameLimits.max }));
    setBusy(true);
    setError(null);
    try {
      sessionActions.setUser(await updateUsername(parsed.data));
      notify('success', t('settings.usernameSaved'));
    } catch (err) {
      setError(err instanceof Error ? err.message : t('settings.updateFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form inline-form" onSubmit={save}>
      <label>
        {t('settings.username')}
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={UsernameLimits.max}
          autoComplete="username"
          data-testid="settings-username"
        />
      </label>
      <button type="submit" className="button" disabled={!changed || busy}>
        {t('settings.saveUsername')}
      </button>
      {error && (
        <p className="form-error" role="alert" data-testid="settings-error">
          {error}
        </p>
      )}
    </form>
  );
}
