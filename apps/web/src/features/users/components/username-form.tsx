import { UsernameLimits, UsernameSchema, type User } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { useUpdateUsername } from '../api/profile.ts';
import { errorText } from '../../../lib/error-text.ts';

export function UsernameForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.username);
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateUsername();
  const error = invalid ?? (update.error && errorText(update.error, 'settings.updateFailed'));
  const changed = name.trim() !== user.username; // only a changed name is sent

  function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = UsernameSchema.safeParse(name);
    setInvalid(parsed.success ? null : t('auth.invalidUsername', { min: UsernameLimits.min, max: UsernameLimits.max }));
    // the form is keyed by the name it shows, so it remounts once the session has the new one:
    // mutateAsync's promise still settles then, where mutate's callbacks would not run
    if (parsed.success)
      update.mutateAsync(parsed.data).then(
        () => notify('success', t('settings.usernameSaved')),
        () => undefined, // shown from update.error
      );
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
      <button type="submit" className="button" disabled={!changed || update.isPending}>
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
