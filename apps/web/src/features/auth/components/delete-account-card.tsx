import type { User } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { useDeleteAccount } from '../api/email-account.ts';
import { PasswordField } from './password-field.tsx';
import { isolate } from '../../../lib/i18n/isolate.ts';

/** Deleting the account, confirmed by typing the username (and the password of an email account). */
export function DeleteAccountCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // an account without a wallet signs in by password: it confirms with it
  const confirmed = username === user.username && (user.wallet_address !== null || password.length > 0);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!confirmed) return;
    remove.mutateAsync({ username, password: password || undefined }).then(
      () => {
        notify('info', t('account.deleted'));
        void navigate('/', { replace: true });
      },
      () => undefined, // shown from remove.error
    );
  }

  return (
    <div className="card danger-card">
      <h2>{t('account.deleteTitle')}</h2>
      <p>{t('account.deleteLead')}</p>
      <form className="form" onSubmit={submit} noValidate data-testid="delete-form">
        <label>
          {t('account.typeUsername', { username: isolate(user.username) })}
          <input
            name="confirm-username"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        {user.email && (
          <PasswordField
            label={t('account.currentPassword')}
            name="delete-password"
            value={password}
            onChange={setPassword}
          />
        )}
        {remove.error && (
          <p className="form-error" role="alert">
            {remove.error.message}
          </p>
        )}
        <button type="submit" className="button button-danger" disabled={!confirmed || remove.isPending}>
          {t('account.deleteSubmit')}
        </button>
      </form>
    </div>
  );
}
